"""Run one command under a deadline, measuring wall time and the peak summed RSS of every
process it leaves below the harness.

Why a subreaper: grader workers run in their own sessions and may outlive their parent; with
PR_SET_CHILD_SUBREAPER they are re-parented to the harness, so they stay measurable and can be
killed by pid afterwards (never by name, never a pid <= 0).
"""
from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field

PR_SET_CHILD_SUBREAPER = 36
# The machine is shared: a run whose tree passes this is killed (its peak is then over every
# case's bound, so the case is judged NOT HELD on memory) rather than left to grow.
MEM_CAP_MB = 2800.0


def become_subreaper() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except Exception:  # noqa: BLE001 - measuring still works for direct descendants
        pass


def _ppid_map() -> dict[int, int]:
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as f:
                s = f.read().decode("latin-1")
            out[int(d)] = int(s[s.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            continue
    return out


def descendants(root: int) -> list[int]:
    pm = _ppid_map()
    kids: dict[int, list[int]] = {}
    for p, pp in pm.items():
        kids.setdefault(pp, []).append(p)
    seen, stack = [], [root]
    while stack:
        for c in kids.get(stack.pop(), []):
            if c not in seen:
                seen.append(c)
                stack.append(c)
    return seen


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass
class Run:
    cmd: list[str]
    rc: int | None
    stdout: str
    stderr: str
    wall: float
    peak_mb: float
    timed_out: bool
    leftovers: int = 0
    extra: dict = field(default_factory=dict)


def kill_leftovers() -> int:
    """Kill, by pid, every process below the harness (all started by this battery)."""
    n = 0
    for _ in range(3):
        pids = [p for p in descendants(os.getpid()) if p > 0]
        if not pids:
            break
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
                n += 1
            except OSError:
                pass
        time.sleep(0.2)
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            pass
    return n


def run(cmd: list[str], timeout: float, cwd: str | None = None, env: dict | None = None,
        during=None, mem_cap_mb: float = MEM_CAP_MB) -> Run:
    """Run cmd; `during(elapsed)` is called every 50 ms (for mid-run mutations). `mem_cap_mb`
    is raised only for the Gradescope autograder's own runs (its first run on a fresh checkout
    took 2.7 GB here, before any case's code ran), never for a case judged on memory."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    out: dict[str, bytes] = {}

    def reader(name, stream):
        out[name] = stream.read()

    ts = [threading.Thread(target=reader, args=(n, s), daemon=True)
          for n, s in (("o", p.stdout), ("e", p.stderr))]
    for t in ts:
        t.start()
    peak = 0
    timed_out = mem_killed = False
    while p.poll() is None:
        el = time.monotonic() - t0
        if el > timeout:
            timed_out = True
            break
        total = sum(_rss_kb(q) for q in descendants(os.getpid()))
        peak = max(peak, total)
        if total / 1024.0 > mem_cap_mb:
            timed_out = mem_killed = True
            break
        if during is not None:
            during(el)
        time.sleep(0.05)
    wall = time.monotonic() - t0
    if timed_out:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
    # what the command left behind (a process still alive once it exited)
    time.sleep(0.3)
    left = [q for q in descendants(os.getpid()) if q != p.pid]
    leftovers = len(left)
    kill_leftovers()
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    for t in ts:
        t.join(timeout=5)
    return Run(cmd, None if timed_out else p.returncode,
               out.get("o", b"").decode("utf-8", "replace"),
               out.get("e", b"").decode("utf-8", "replace"),
               wall, peak / 1024.0, timed_out, leftovers, {"mem_killed": mem_killed})
