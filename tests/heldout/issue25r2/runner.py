"""Run one command with a deadline and measure what it costs: wall time and the peak resident memory
of its whole process tree. The harness makes itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER),
so a process the grader leaves behind (a daemonised worker, a kernel) is re-parented to the harness,
is counted in the tree while it lives, and is found and killed by its pid afterwards. Only pids this
harness started or inherited are ever signalled, never a group of 0 or a negative pid."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
_PAGE = os.sysconf("SC_PAGE_SIZE")


def become_subreaper() -> bool:
    """Orphans of what we start become our children, so none escapes the measurement and the cleanup."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except OSError:
        return False


def _ppid_rss() -> dict[int, tuple[int, int]]:
    """pid -> (ppid, rss bytes) of every process, from /proc."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as f:
                stat = f.read().decode("latin-1")
        except OSError:
            continue
        rest = stat[stat.rfind(")") + 2:].split()
        try:
            out[int(d)] = (int(rest[1]), int(rest[21]) * _PAGE)
        except (IndexError, ValueError):
            continue
    return out


def descendants(root: int, table: dict[int, tuple[int, int]] | None = None) -> set[int]:
    """Every process below root (root excluded)."""
    table = table if table is not None else _ppid_rss()
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        kids.setdefault(ppid, []).append(pid)
    seen, todo = set(), [root]
    while todo:
        for k in kids.get(todo.pop(), []):
            if k not in seen:
                seen.add(k)
                todo.append(k)
    return seen


@dataclass
class Run:
    argv: list[str]
    rc: int | None = None
    stdout: str = ""
    stderr: str = ""
    wall: float = 0.0
    peak_mb: float = 0.0
    timed_out: bool = False
    leftovers: int = 0
    extra: dict = field(default_factory=dict)


def run(argv: list[str], cwd: Path, timeout: float, env: dict | None = None,
        during=None) -> Run:
    """Run argv in its own session under a deadline; sample the tree's RSS every 50 ms.
    `during(elapsed_seconds, proc)` is called at each sample (a case that changes files mid-run)."""
    me = os.getpid()
    before = descendants(me)
    out_f = (cwd / ".runner.out").open("w+b")
    err_f = (cwd / ".runner.err").open("w+b")
    full_env = dict(os.environ)
    full_env.update(env or {})
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=out_f, stderr=err_f, stdin=subprocess.DEVNULL,
                            env=full_env, start_new_session=True)
    r = Run(argv)
    peak = 0
    try:
        while True:
            table = _ppid_rss()
            tree = (descendants(me, table) - before) | {proc.pid}
            peak = max(peak, sum(table[p][1] for p in tree if p in table))
            if proc.poll() is not None:
                break
            elapsed = time.monotonic() - t0
            if during is not None:
                during(elapsed, proc)
            if elapsed > timeout:
                r.timed_out = True
                _kill(proc.pid)
                break
            time.sleep(0.05)
    except BaseException:
        # a fault of the harness (or ^C) never leaves the grader running
        _kill(proc.pid)
        cleanup(before)
        raise
    try:
        r.rc = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        r.rc = None
    r.wall = time.monotonic() - t0
    r.peak_mb = peak / 2**20
    r.leftovers = cleanup(before)
    for f, attr in ((out_f, "stdout"), (err_f, "stderr")):
        f.seek(0)
        setattr(r, attr, f.read(8 << 20).decode("utf-8", "replace"))
        f.close()
    for name in (".runner.out", ".runner.err"):
        (cwd / name).unlink(missing_ok=True)
    if r.timed_out:
        r.rc = None
    return r


def _kill(pid: int) -> None:
    """SIGKILL the session the command started (its group id is its pid, always > 0), then the pid."""
    if pid <= 0:
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def cleanup(before: set[int]) -> int:
    """Kill and reap, by pid, every process below the harness that was not there before the run."""
    me = os.getpid()
    count = 0
    for _ in range(20):
        left = [p for p in descendants(me) - before if p > 1 and p != me]
        if not left:
            break
        for p in left:
            count += 1
            try:
                os.kill(p, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.05)
        for p in left:
            try:
                os.waitpid(p, os.WNOHANG)
            except ChildProcessError:
                pass
    return count


