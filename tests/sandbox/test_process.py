"""grader.sandbox.process: what the trusted side may do to a worker's tree whoever started it."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from grader.sandbox.process import resume_stopped

# a parent that starts a child, and the child stops itself (as a cell's SIGSTOP stops the process running the cells)
TREE = ("import os, signal, subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import os, signal; os.kill(os.getpid(), signal.SIGSTOP); "
        "print(\"child went on\")'])\n"
        "child.wait()\n"
        "print('parent went on')\n")


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat", "rb") as stat:
        return stat.read().rsplit(b")", 1)[1].split()[0].decode()


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as children:
        return [int(c) for c in children.read().split()]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_stopped_process_below_the_root_is_continued_and_counted():
    parent = subprocess.Popen([sys.executable, "-c", TREE], stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (_children(parent.pid) and _state(_children(parent.pid)[0]) == "T"):
            assert time.monotonic() < deadline, "the child never stopped itself"
            time.sleep(0.05)
        assert resume_stopped(parent.pid) == 1
        out, _ = parent.communicate(timeout=60)
        assert out.split() == ["child", "went", "on", "parent", "went", "on"]
        assert resume_stopped(parent.pid) == 0  # gone: nothing to continue, nothing raised
    finally:
        parent.kill()
        parent.wait()


def test_no_root_is_no_tree():
    assert resume_stopped(0) == 0 and resume_stopped(-1) == 0
