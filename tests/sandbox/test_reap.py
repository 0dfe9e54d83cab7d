"""Limited mode's clean-up: every process a worker left is found, killed and reaped."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time

import pytest

from grader.sandbox import reap as _reaper
from grader.sandbox.inside.confinement import become_subreaper

from forked import in_child

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc (Linux)")

# A worker stand-in: a child in its own session, a setsid'd double-forked daemon with an empty
# environment (found only by adoption), and a sleeper carrying the token; all named by MARK.
_WORKER = r"""
import os, sys, time
mark = sys.argv[1]
if os.fork() == 0:                      # the daemon: setsid, fork again, exec with no environment
    os.setsid()
    if os.fork() == 0:
        os.execve(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", mark], {})
    os._exit(0)
if os.fork() == 0:                      # a plain child, still in the tree
    os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", mark])
print("ready", flush=True)
time.sleep(60)
"""


def _alive(mark: str) -> list[int]:
    found = []
    for pid in _reaper._pids():
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as stream:
                if mark.encode() not in stream.read():
                    continue
        except OSError:
            continue
        entry = _reaper._stat(pid)
        if entry and entry[2] != "Z":
            found.append(pid)
    return found


def _sleepers(mark: str) -> list[int]:
    """The processes of ``mark`` that have exec'd the sleeper (before, a fork shows the worker's
    command line, and while it execs, none: counting those flickered)."""
    return [pid for pid in _alive(mark) if _argv(pid)[1:3] == [b"-c", b"import time; time.sleep(60)"]]


def _argv(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as stream:
            return stream.read().split(b"\0")
    except OSError:
        return []


def test_stat_reads_a_name_with_spaces_and_parentheses():
    name = "a) b (c"
    child = subprocess.Popen([sys.executable, "-c", "import ctypes, sys, time\n"
                              f"ctypes.CDLL(None).prctl(15, {name.encode()!r}, 0, 0, 0)\n"
                              "print('named', flush=True)\ntime.sleep(30)"], stdout=subprocess.PIPE)
    try:
        assert child.stdout.readline() == b"named\n"
        parent, started, state = _reaper._stat(child.pid)
        assert parent == os.getpid() and started >= _reaper.start_time(os.getpid()) and state in "RS"
    finally:
        child.kill()
        child.wait()
    assert _reaper._stat(child.pid) is None


def _end_a_worker() -> dict:
    """In a forked child (``forked.in_child``): it is the subreaper that adopts the daemon, and no other
    thread of the test process (a session left by an earlier test) can touch what it starts."""
    become_subreaper()
    mark = f"reaper-test-{secrets.token_hex(6)}"
    token = f"TOKEN_X={secrets.token_hex(4)}"
    env = {**os.environ, "TOKEN_X": token.split("=", 1)[1]}
    worker = subprocess.Popen([sys.executable, "-c", _WORKER, mark], stdout=subprocess.PIPE, env=env)
    try:
        ready = worker.stdout.readline() == b"ready\n"
        deadline = time.monotonic() + 60  # polled: a busy machine may take a while to exec them
        while len(_sleepers(mark)) < 2 and time.monotonic() < deadline:  # the daemon and the child have exec'd
            time.sleep(0.02)
        ours = [worker.pid, *_sleepers(mark)]
        born = _reaper.start_time(worker.pid)
        _reaper.end_all(worker.pid, token.encode(), born)
        worker.wait(timeout=60)
        # gone from /proc: killed and reaped, no zombie left
        return {"ready": ready, "before": len(ours), "after": _alive(mark),
                "in /proc": [pid for pid in ours if _reaper._stat(pid) is not None]}
    finally:
        for pid in _alive(mark):
            os.kill(pid, 9)


def test_end_all_kills_and_reaps_the_tree_the_token_carriers_and_adopted_orphans():
    # before: the worker itself, its child, the daemon
    assert in_child(_end_a_worker) == {"ready": True, "before": 3, "after": [], "in /proc": []}


def test_a_trusted_process_is_never_adopted():
    become_subreaper()
    keep = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    _reaper.trust(keep.pid)
    try:  # keep is our child and born no earlier than itself: adopted, were it not trusted
        _reaper.end_all(-1, b"NO_SUCH=1", _reaper.start_time(keep.pid))
        assert keep.poll() is None
    finally:
        _reaper.forget(keep.pid)
        keep.kill()
        keep.wait()


_CHAIN_WORKER = r"""
import ctypes, os, sys, time
if os.fork() == 0:                      # a chain: fork, the parent exits, the child leaves the session, again
    ctypes.CDLL(None).prctl(15, sys.argv[1].encode(), 0, 0, 0)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if os.fork():
            os._exit(0)
        os.setsid()
        time.sleep(0.002)  # a few hundred links a second: enough to outrun a pass, not to use up the pids
    os._exit(0)
print("ready", flush=True)
time.sleep(60)
"""


def _named(name: str) -> list[int]:
    found = []
    for pid in _reaper._pids():
        try:
            with open(f"/proc/{pid}/comm", "rb") as stream:
                if stream.read().strip() != name.encode():
                    continue
        except OSError:
            continue
        entry = _reaper._stat(pid)
        if entry and entry[2] != "Z":
            found.append(pid)
    return found


def test_end_all_ends_a_chain_that_keeps_changing_its_pid_and_reaps_the_zombies_it_left():
    become_subreaper()
    name = f"ch{secrets.token_hex(5)}"
    worker = subprocess.Popen([sys.executable, "-c", _CHAIN_WORKER, name], stdout=subprocess.PIPE)
    try:
        assert worker.stdout.readline() == b"ready\n"
        time.sleep(0.3)  # it has left a pile of zombies with us by now, one per generation
        born = _reaper.start_time(worker.pid)
        _reaper.end_all(worker.pid, b"NO_TOKEN=1", born)
        worker.wait(timeout=60)
        seen = set()
        for _ in range(20):  # each link lives a moment: look a while
            seen.update(_named(name))
            time.sleep(0.01)
        assert seen == set()
        me = os.getpid()
        adopted = [pid for pid in _reaper._pids() if (entry := _reaper._stat(pid)) and entry[0] == me
                   and entry[2] == "Z" and entry[1] >= born]
        assert adopted == []  # no zombie of the chain is left with the grading process
    finally:
        for _ in range(200):
            for pid in _named(name):
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
