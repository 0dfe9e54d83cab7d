"""The contract of the process behind a student module, whoever started it.

``grader.sandbox.channel.WorkerChannel`` speaks the call protocol to one worker process and
never asks how that process was made. Two kinds exist: ``spawn.SpawnedProcess`` (a fresh,
sandboxed interpreter: about a tenth of a second) and ``forkserver.ForkedProcess`` (a fork of
a warm template inside the sandbox: a few milliseconds). Both keep this contract.
"""

from __future__ import annotations

import os
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


def close_pipes(process: WorkerProcess) -> None:
    """Close the trusted side's ends of a killed worker's pipes, once, whatever state they are in."""
    for fd in (process.request_fd, process.response_fd):
        if fd != -1:
            try:
                os.close(fd)
            except OSError:
                pass
    process.request_fd = process.response_fd = -1
