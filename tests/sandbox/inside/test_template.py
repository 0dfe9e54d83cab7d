"""grader.sandbox.inside.template: the fork-server template, a warm process that forks one worker per call.

Its helpers that need no sandbox (``_remove_files_of``, ``_reap``, the refusals of
``_spawn``) run in-process or in a forked helper; what it promises its children (a private
copy each, a uid each when it runs as root, nothing left in /tmp once killed) is checked
through the trusted client, grader.sandbox.forkserver.ForkServer, in both sandbox modes.
tests/sandbox/test_forkserver.py covers the client's own contract.
"""

from __future__ import annotations

import dataclasses
import fcntl
import os
import secrets
import signal
import tempfile
import types

import pytest

from grader.sandbox import confine
from grader.sandbox.channel import WorkerChannel, WorkerSpec
from grader.sandbox.forkserver import ForkServer
from grader.sandbox.inside import template

from forked import in_child

SECONDS = 30  # for a worker to start or answer on a busy machine; never a measure of speed
CHILD_SECONDS = 60  # for a forked helper to report

STUDENT = '''
import os


def leave_note(name):
    try:
        with open(name, "w") as stream:
            stream.write("left by a sibling")
    except OSError as exc:
        return type(exc).__name__
    return "written"


def sees(path):
    return os.path.exists(path)


def where():
    return [os.getcwd(), os.getuid(), os.getpid()]


def leave_in_tmp(name):
    path = os.path.join("/tmp", name)
    with open(path, "w") as stream:
        stream.write("x")
    return path


def signal_sibling(pid):
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return type(exc).__name__
    return "reached"
'''


def open_fds(count: int) -> list[int]:
    """Stand-ins for the pipes a spawn request carries (the template closes whatever it receives)."""
    return [os.open(os.devnull, os.O_RDONLY) for _ in range(count)]


def closed(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return True
    return False


# --------------------------------------------------------------------------- _remove_files_of

def test_remove_files_of_removes_the_uids_files_folders_and_links_but_not_what_links_point_to(tmp_path):
    shared, outside = tmp_path / "tmp", tmp_path / "outside"
    (shared / "folder" / "deep").mkdir(parents=True)
    (shared / "folder" / "deep" / "data.txt").write_text("x")
    (shared / "file.txt").write_text("x")
    outside.mkdir()
    (outside / "kept.txt").write_text("not the child's")
    (shared / "to-folder").symlink_to(outside)
    (shared / "to-file").symlink_to(outside / "kept.txt")
    template._remove_files_of(os.getuid(), str(shared))
    assert list(shared.iterdir()) == []
    assert (outside / "kept.txt").read_text() == "not the child's"


def test_remove_files_of_leaves_every_other_owners_entries(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    template._remove_files_of(os.getuid() + 1, str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt", "folder"]


@pytest.mark.skipif(os.geteuid() != 0, reason="files of another owner can only be made by root")
def test_remove_files_of_picks_the_childs_entries_among_others(tmp_path):
    child, sibling = template.UID_BASE + 1, template.UID_BASE + 2
    for name, owner in (("child.txt", child), ("sibling.txt", sibling), ("root.txt", 0)):
        (tmp_path / name).write_text("x")
        os.chown(tmp_path / name, owner, owner)
    (tmp_path / "child-dir").mkdir()
    (tmp_path / "child-dir" / "inside-by-root.txt").write_text("x")  # removed with the folder that holds it
    os.chown(tmp_path / "child-dir", child, child)
    template._remove_files_of(child, str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["root.txt", "sibling.txt"]


def test_remove_files_of_a_missing_folder_is_quiet(tmp_path):
    template._remove_files_of(os.getuid(), str(tmp_path / "never-made"))
    assert not (tmp_path / "never-made").exists()


# --------------------------------------------------------------------------- _reap

def _reap_in_a_helper() -> dict:
    """Fork children that end in different ways, let them become zombies, then reap them with _reap.

    Run in a forked helper: _reap waits for any child, and the test process's own must stay its own."""
    go_r, go_w = os.pipe()
    exited = os.fork()
    if exited == 0:
        os._exit(3)
    killed = os.fork()
    if killed == 0:
        os.kill(os.getpid(), signal.SIGKILL)
        os._exit(0)
    running = os.fork()
    if running == 0:
        os.close(go_w)
        os.read(go_r, 1)
        os._exit(0)
    os.close(go_r)
    for pid in (exited, killed):
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # a zombie now, still unreaped
    statuses: dict = {}
    template._reap(statuses)
    first = {"exited": os.waitstatus_to_exitcode(statuses[exited]),
             "signal": os.WTERMSIG(statuses[killed]) if os.WIFSIGNALED(statuses[killed]) else None,
             "running_reaped": running in statuses}
    os.close(go_w)
    os.waitid(os.P_PID, running, os.WEXITED | os.WNOWAIT)
    template._reap(statuses)
    template._reap(statuses)  # no child left at all: returns quietly
    first["later"] = os.waitstatus_to_exitcode(statuses[running])
    first["count"] = len(statuses)
    return first


def test_reap_collects_every_ended_child_and_waits_for_none():
    assert in_child(_reap_in_a_helper) == {"exited": 3, "signal": signal.SIGKILL, "running_reaped": False,
                                           "later": 0, "count": 3}


# --------------------------------------------------------------------------- _spawn's refusals, in-process

@pytest.fixture
def staging(tmp_path, monkeypatch):
    """A staging folder holding one submission; the template's private copies go to tmp_path/tmp."""
    folder = tmp_path / "stage"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "prefill.py").write_text("x = 1\n")
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    return str(folder)


def spawn_request(directory: str) -> dict:
    return {"op": "spawn", "id": 1, "module": "prefill", "module_file": "prefill.py", "dir": directory}


@pytest.mark.parametrize("directory", ["..", "../elsewhere", "/etc", ".", "sub/../..", "../stage-evil"])
def test_spawn_refuses_a_folder_outside_the_staging_folder_and_closes_the_fds(staging, tmp_path, directory):
    fds = open_fds(3)
    children: dict = {}
    reply = template._spawn(spawn_request(directory), fds, staging, {}, None, None, children)
    assert reply == {"error": "the submission must lie in the staging folder"}
    assert all(closed(fd) for fd in fds) and children == {}
    assert list((tmp_path / "tmp").iterdir()) == []


@pytest.mark.parametrize("count", [0, 2, 4])
def test_spawn_needs_exactly_three_fds_and_closes_what_it_got(staging, count):
    fds = open_fds(count)
    reply = template._spawn(spawn_request("sub"), fds, staging, {}, None, None, {})
    assert reply == {"error": "spawn needs three file descriptors"}
    assert all(closed(fd) for fd in fds)


def test_spawn_of_a_missing_submission_says_so_and_leaves_no_copy(staging, tmp_path):
    fds = open_fds(3)
    reply = template._spawn(spawn_request("missing"), fds, staging, {}, None, None, {})
    assert reply["error"].startswith("cannot copy the submission: ")
    assert all(closed(fd) for fd in fds)
    assert list((tmp_path / "tmp").iterdir()) == []


# --------------------------------------------------------------------------- forked workers, in both modes

@pytest.fixture
def forks(box):
    """start(limits) -> a ForkServer staging STUDENT; worker(server) -> a WorkerChannel; all ended after."""
    servers, channels = [], []

    def start(limits: confine.Limits) -> ForkServer:
        server = ForkServer(box, limits)
        servers.append(server)
        (server.staging / "sub").mkdir()
        (server.staging / "sub" / "prefill.py").write_text(STUDENT)
        return server

    def worker(server: ForkServer) -> WorkerChannel:
        spec = WorkerSpec("prefill", server.staging / "sub" / "prefill.py", import_seconds=SECONDS,
                          limits=server.limits, box=box, launcher=server.spawn)
        channel = WorkerChannel(spec)
        channels.append(channel)
        return channel

    def stop() -> None:
        while channels:
            channels.pop().kill()
        while servers:
            servers.pop().close()

    yield types.SimpleNamespace(start=start, worker=worker, stop=stop, box=box)
    stop()


def ask(channel: WorkerChannel, function: str, *args):
    return channel.call(function, args, {}, SECONDS)[0]


def test_two_workers_of_one_template_get_copies_of_their_own(forks):
    # no uid switch, so that writing into its copy succeeds: what one writes, the other cannot see
    server = forks.start(dataclasses.replace(confine.limits(60, 4096, forks.box), drop_to=None))
    first, second = forks.worker(server), forks.worker(server)
    note = f"note-{secrets.token_hex(4)}.txt"
    assert ask(first, "leave_note", note) == "written"
    assert ask(first, "sees", note) is True
    assert ask(second, "sees", note) is False
    first_cwd, second_cwd = ask(first, "where")[0], ask(second, "where")[0]
    assert first_cwd != second_cwd
    assert str(server.staging) not in (first_cwd, second_cwd)  # a copy, not the staged submission itself
    assert not (server.staging / "sub" / note).exists()


@pytest.fixture
def root_forks(forks):
    """A template told to switch uids (so in limited mode too), and two of its children.

    Two templates number their children's uids alike, and in limited mode a child's kill ends
    every process of its uid on the machine: these tests take turns across pytest-xdist workers.
    """
    if os.geteuid() != 0:
        pytest.skip("the template gives each child a uid of its own only when it runs as root")
    with open(__file__, "rb") as lock:
        if forks.box.mode == "limited":
            fcntl.flock(lock, fcntl.LOCK_EX)
        server = forks.start(dataclasses.replace(confine.limits(60, 4096, forks.box), drop_to=confine.NOBODY))
        yield server, forks.worker(server), forks.worker(server)
        forks.stop()


def test_as_root_each_child_gets_a_uid_of_its_own_and_cannot_change_its_copy(root_forks):
    _, first, second = root_forks
    (_, first_uid, first_pid), (_, second_uid, _) = ask(first, "where"), ask(second, "where")
    span = range(template.UID_BASE, template.UID_BASE + template.UID_SPAN)
    assert first_uid in span and second_uid in span and first_uid != second_uid
    assert ask(first, "leave_note", "note.txt") == "PermissionError"
    assert ask(second, "signal_sibling", first_pid) == "PermissionError"


def test_as_root_what_a_killed_child_left_in_tmp_is_removed(root_forks):
    _, first, second = root_forks
    path = ask(first, "leave_in_tmp", f"grader-test-{secrets.token_hex(6)}")
    assert ask(second, "sees", path) is True  # /tmp is shared: the sibling can tell the file is there
    first.kill()
    assert ask(second, "sees", path) is False
