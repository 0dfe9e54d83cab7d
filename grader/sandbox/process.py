"""The contract of the process behind a student module, whoever started it.

``grader.sandbox.channel.WorkerChannel`` speaks the call protocol to one worker process and
never asks how that process was made. Two kinds exist: ``spawn.SpawnedProcess`` (a fresh,
sandboxed interpreter: about a tenth of a second) and ``forkserver.ForkedProcess`` (a fork of
a warm template inside the sandbox: a few milliseconds). Both keep this contract.
"""

from __future__ import annotations

import os
import signal
from typing import Protocol


class WorkerProcess(Protocol):
    """A started worker: its pipe ends, what it printed, and how to end it."""

    request_fd: int  # write end of the request pipe; -1 once the process is ended
    response_fd: int  # read end of the response pipe; -1 once the process is ended
    uid: int | None  # the user its code runs as (None: the grader's own), which its canary must report

    @property
    def output(self) -> str:
        """What the worker printed so far (the first ``output.OUTPUT_KEEP`` bytes)."""
        ...

    def running(self) -> bool:
        """Whether the process may still answer."""
        ...

    def kill(self) -> None:
        """End the process and everything it started; idempotent."""
        ...

    def death_reason(self) -> str:
        """Why the process stopped answering, in words (it is ended if still running)."""
        ...

    def resume(self) -> int:
        """Continue whatever of the process's tree is stopped (``resume_stopped``); how many were."""
        ...


def resume_stopped(root: int) -> int:
    """SIGCONT every stopped process of ``root``'s tree (``root`` included); how many were stopped.

    A submission may stop the grader's own processes in its sandbox: a notebook cell that sends SIGSTOP to its
    parent stopped the worker that runs the cells, and the grade waited out the run's whole limit (160 s; issue
    25's fifth battery, 6a). The trusted side calls this while it waits for an answer that is late, so a stop
    costs the submission a moment, not the grade. Processes that are gone or not ours to signal are passed over."""
    if root <= 0:
        return 0
    resumed, pending, seen = 0, [root], set()
    while pending and len(seen) < 4096:
        pid = pending.pop()
        if pid <= 0 or pid in seen:
            continue
        seen.add(pid)
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                state = stat.read().rsplit(b")", 1)[1].split()[0]
            if state == b"T":
                os.kill(pid, signal.SIGCONT)
                resumed += 1
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children", "rb") as children:
                    pending += [int(child) for child in children.read().split()]
        except (OSError, IndexError, ValueError):
            continue
    return resumed


def close_pipes(process: WorkerProcess) -> None:
    """Close the trusted side's ends of a killed worker's pipes, once, whatever state they are in."""
    for fd in (process.request_fd, process.response_fd):
        if fd != -1:
            try:
                os.close(fd)
            except OSError:
                pass
    process.request_fd = process.response_fd = -1
