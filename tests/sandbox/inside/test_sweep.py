"""grader.sandbox.inside.sweep: everything a worker started ends, even what keeps changing its pid.

A chain of processes (fork, the parent exits, the child leaves the session, again) outruns a
single pass over /proc: each round of the sweep must be quicker than a generation, and the
sweep repeats until a round finds nothing. Checked on the functions themselves (in forked
helpers: becoming a subreaper and switching uids cannot be undone) and through the
fork-server template, whose kill uses them, in both sandbox modes, with and without a uid of
its own for the child.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import signal
import time

import pytest
import untested

from grader.sandbox import confine
from grader.sandbox.channel import WorkerChannel, WorkerSpec
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.inside import sweep
from grader.sandbox.inside.confinement import become_subreaper

from forked import in_child

SECONDS = 30  # for a worker to start or answer on a busy machine; never a measure of speed

STUDENT = '''
import os


def start_chain(marker):
    # a chain of processes that keeps changing its pid: fork, the parent exits, the child leaves
    # the session; each one lives a few milliseconds, named by marker (its /proc/<pid>/comm)
    import ctypes
    import time
    if os.fork() == 0:
        try:
            ctypes.CDLL(None).prctl(15, marker.encode(), 0, 0, 0)  # PR_SET_NAME
            end = time.monotonic() + 60
            while time.monotonic() < end:
                if os.fork():
                    os._exit(0)
                os.setsid()
                time.sleep(0.002)
        finally:
            os._exit(0)
    return os.getuid()
'''


def _chain(marker: str) -> None:
    """This process becomes a chain named ``marker`` for up to a minute (never returns)."""
    import ctypes

    try:
        ctypes.CDLL(None).prctl(15, marker.encode(), 0, 0, 0)  # PR_SET_NAME
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if os.fork():
                os._exit(0)
            os.setsid()
            time.sleep(0.001)  # fast enough to outrun a single pass, not to use up the machine's pids
    finally:
        os._exit(0)


def _sweep_a_chain() -> dict:
    """An adopted chain (this helper is its subreaper) and its zombies: all gone after one sweep."""
    become_subreaper()
    marker = f"ch{secrets.token_hex(5)}"
    if os.fork() == 0:
        _chain(marker)
    deadline = time.monotonic() + SECONDS
    while not chain_processes(marker, 0.05) and time.monotonic() < deadline:
        pass
    time.sleep(0.2)  # let it leave a pile of zombies with us, as it does with a grader
    started = bool(chain_processes(marker, 0.05))
    killed = sweep.kill_descendants([], spare=lambda pid: False)
    left = chain_processes(marker)
    zombies = len(sweep.children_of(os.getpid()))
    kill_chain(marker)  # after a failure: never leave it running
    return {"started": started, "killed": len(killed) > 0, "left": len(left), "zombies": zombies}


def test_kill_descendants_ends_a_chain_that_keeps_changing_its_pid_and_reaps_what_it_left():
    assert in_child(_sweep_a_chain) == {"started": True, "killed": True, "left": 0, "zombies": 0}


def _sweep_a_uid() -> dict:
    become_subreaper()  # what the uid's processes orphan comes here, to be reaped
    uid = confine.private_uid()
    marker = f"ch{secrets.token_hex(5)}"
    if os.fork() == 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        for _ in range(5):  # sleepers in sessions of their own, and a chain
            if os.fork() == 0:
                os.setsid()
                time.sleep(60)
                os._exit(0)
        _chain(marker)
    deadline = time.monotonic() + SECONDS
    while not sweep.live_processes_of(uid) and time.monotonic() < deadline:
        time.sleep(0.01)
    started = len(sweep.live_processes_of(uid)) > 0
    ended = sweep.kill_uid(uid)
    left = sweep.live_processes_of(uid)
    for pid in sweep.children_of(os.getpid()):
        os.waitpid(pid, 0)
    return {"started": started, "ended": ended, "left": left}


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "only root can give processes a uid to sweep")
def test_kill_uid_ends_every_process_of_the_uid_at_once():
    assert in_child(_sweep_a_uid) == {"started": True, "ended": True, "left": []}


def test_children_of_names_the_children_of_every_thread():
    import threading

    child = os.fork()
    if child == 0:
        time.sleep(5)
        os._exit(0)
    try:
        found = []
        thread = threading.Thread(target=lambda: found.extend(sweep.children_of(os.getpid())))
        thread.start()
        thread.join()
        assert child in found
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)


@pytest.fixture
def worker_of(box):
    """worker_of(limits) -> a WorkerChannel forked from a template of its own (STUDENT staged); all ended after."""
    servers, channels = [], []

    def start(limits: confine.Limits) -> WorkerChannel:
        servers.append(ForkServer(box, limits))
        (servers[-1].staging / "sub").mkdir()
        (servers[-1].staging / "sub" / "prefill.py").write_text(STUDENT)
        spec = WorkerSpec("prefill", servers[-1].staging / "sub" / "prefill.py", import_seconds=SECONDS,
                          limits=limits, box=box, launcher=servers[-1].spawn)
        channels.append(WorkerChannel(spec))
        return channels[-1]

    yield start
    for channel in channels:
        channel.kill()
    for server in servers:
        server.close()


def ask(channel: WorkerChannel, function: str, *args):
    return channel.call(function, args, {}, SECONDS)[0]


def chain_processes(marker: str, seconds: float = 0.5) -> set[int]:
    """Pids of live processes carrying ``marker``, sampled for ``seconds`` (each lives milliseconds)."""
    seen, end = set(), time.monotonic() + seconds
    while time.monotonic() < end:
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    with open(f"/proc/{entry.name}/comm", "rb") as stream:
                        if stream.read().strip() == marker.encode():
                            seen.add(int(entry.name))
                except OSError:
                    continue
        time.sleep(0.005)
    return seen


def kill_chain(marker: str) -> None:
    for _ in range(200):  # after a failure: the test's own chain only
        pids = chain_processes(marker, 0.02)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


@pytest.mark.parametrize("as_root", [False, True], ids=["same-uid", "uid-of-its-own"])
def test_a_killed_child_takes_along_a_chain_of_processes_that_keeps_changing_its_pid(box, worker_of, as_root):
    if as_root and os.geteuid() != 0:
        untested.skip(untested.ROOT, "the template gives each child a uid of its own only when it runs as root")
    limits = dataclasses.replace(confine.limits(60, 4096, box), drop_to=confine.NOBODY if as_root else None)
    child = worker_of(limits)
    marker = f"ch{secrets.token_hex(5)}"  # a process name holds 15 bytes
    try:
        ask(child, "start_chain", marker)
        deadline = time.monotonic() + SECONDS
        while not chain_processes(marker) and time.monotonic() < deadline:  # polled: it may take a while to exec
            pass
        assert chain_processes(marker), "the chain never started"
        child.kill()
        deadline = time.monotonic() + SECONDS
        while chain_processes(marker) and time.monotonic() < deadline:  # polled: generous, never a speed test
            pass
        assert not chain_processes(marker), "a process of the killed child is still running"
    finally:
        kill_chain(marker)


def _segment_of_a_stranger() -> dict:
    """A uid no account uses leaves a System V shared memory segment (IPC_PRIVATE: a new one); as
    root, remove_ipc_of(that uid) removes it, and leaves a segment of another uid alone."""
    import ctypes

    libc = ctypes.CDLL(None)
    stranger = confine.UID_FLOOR + 7_000_000 + secrets.randbelow(1_000_000)

    def leave(uid: int) -> int:
        read_end, write_end = os.pipe()
        child = os.fork()
        if child == 0:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            os.write(write_end, str(libc.shmget(0, 4096, 0o1600)).encode())
            os._exit(0)
        os.waitpid(child, 0)
        os.close(write_end)
        return int(os.read(read_end, 32))

    mine, other = leave(stranger), leave(stranger + 1)
    before = sweep.ipc_objects_of(stranger)
    sweep.remove_ipc_of(stranger)
    after, others = sweep.ipc_objects_of(stranger), sweep.ipc_objects_of(stranger + 1)
    libc.shmctl(other, 0, None)  # the other uid's segment: removed by root, the test's own clean-up
    return {"mine": mine, "before": before, "after": after, "others": others, "other": other}


def test_remove_ipc_of_removes_the_uids_segments_and_no_other(tmp_path):
    if os.geteuid() != 0:
        untested.skip(untested.ROOT, "taking another uid needs root")
    seen = in_child(_segment_of_a_stranger)
    assert seen["mine"] >= 0 and seen["before"] == [["shm", seen["mine"]]], seen
    assert seen["after"] == [], seen
    assert seen["others"] == [["shm", seen["other"]]], seen


def test_kill_descendants_never_signals_every_process_for_a_root_of_minus_one_or_zero(monkeypatch):
    # end_all passes root -1 when there is no worker left; os.kill(-1, SIGKILL) as root ends the machine
    sent = []
    monkeypatch.setattr(sweep.os, "kill", lambda pid, sig: sent.append(pid))
    monkeypatch.setattr(sweep, "children_of", lambda pid: [])
    sweep.kill_descendants([-1, 0], lambda pid: False, seconds=0.1)
    assert sent == []
