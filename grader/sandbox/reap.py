"""Ending everything a worker started when there is no PID namespace to tear down (limited mode).

Without bubblewrap a worker's processes are ordinary processes of ours. Three marks find
them, because each alone can be shed: ancestry (descendants of the worker, walked through
``/proc`` parent links), the worker's token in the environment (survives setsid and a
double fork), and adoption (the grading process is a child subreaper, so an orphan that
cleared its environment still becomes our child, born after the worker). Everything
found is killed, then the hunt by descent and adoption goes on in quick rounds until one
finds nothing (``inside/sweep``: a process that forks and exits again and again outruns a
single pass), and, for a worker with a uid of its own, every process of that uid is
killed at once. Then all is reaped, so neither daemons nor zombies outlive the grade.
"""

from __future__ import annotations

import os
import signal
import time

from grader.sandbox.inside import sweep

_trusted: set[int] = set()  # pids of workers we started ourselves: never adopted as escapees


def trust(pid: int) -> None:
    _trusted.add(pid)


def forget(pid: int) -> None:
    _trusted.discard(pid)


def start_time(pid: int) -> int | None:
    """Clock ticks after boot at which ``pid`` started (None if it is gone)."""
    entry = _stat(pid)
    return entry[1] if entry else None


def end_all(root: int, token_mark: bytes, born_after: int | None, uid: int | None = None) -> None:
    """Kill ``root``'s tree, every process carrying ``token_mark`` and our adopted orphans, and with
    ``uid`` (the worker's own) every process of it; reap them."""
    if uid is not None and os.geteuid() == 0:
        sweep.kill_uid(uid)
    seen: set[int] = set()
    for _ in range(10):  # a fork bomb may add processes while we kill: repeat until nothing is found
        found = _find(root, token_mark, born_after) - seen - {os.getpid()}
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        seen |= found
    me = os.getpid()

    def spare(pid: int) -> bool:  # our own children that are not this worker's orphans
        entry = _stat(pid)
        return pid != root and (pid in _trusted or (entry is not None and entry[0] == me and
                                                     (born_after is None or entry[1] < born_after)))

    seen |= sweep.kill_descendants([root, *seen], spare)
    _reap(seen)


def _find(root: int, token_mark: bytes, born_after: int | None) -> set[int]:
    table = {pid: entry for pid in _pids() if (entry := _stat(pid))}
    me = os.getpid()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, stack = set(), [root] if root in table else []
    adopted = [pid for pid, (ppid, started, _) in table.items()
               if ppid == me and pid not in _trusted and born_after is not None and started >= born_after]
    stack += [pid for pid in adopted if pid != root]
    stack += [pid for pid in table if pid not in found and _carries(pid, token_mark)]
    while stack:
        pid = stack.pop()
        if pid in found:
            continue
        found.add(pid)
        stack += children.get(pid, [])
    return found


def _reap(pids: set[int]) -> None:
    """Wait for each killed process that is (or becomes, as its parent dies) our child."""
    pending, deadline = set(pids), time.monotonic() + 2.0
    while pending and time.monotonic() < deadline:
        for pid in list(pending):
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    pending.discard(pid)
            except ChildProcessError:  # not ours (yet): gone, or its killed parent has not ended yet
                if _stat(pid) is None:
                    pending.discard(pid)
        if pending:
            time.sleep(0.005)


def _pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []


def _stat(pid: int) -> tuple[int, int, str] | None:
    """(parent pid, start time, state) from /proc/<pid>/stat; its name may hold spaces or parentheses."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stream:
            fields = stream.read().rsplit(b")", 1)[1].split()
        return int(fields[1]), int(fields[19]), fields[0].decode()
    except (OSError, IndexError, ValueError):
        return None


def _carries(pid: int, token_mark: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as stream:
            return token_mark in stream.read().split(b"\0")
    except OSError:
        return False
