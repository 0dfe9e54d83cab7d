"""grader.sandbox.inside.template: the fork-server template, a warm process that forks one worker per call.

Its helpers that need no sandbox (``_remove_files_of``, ``_reap``, ``_kill``, the refusals of
``_spawn``) run in-process or in a forked helper; what it promises its children (a private
copy and a private temporary folder each, a uid each when it runs as root, a temporary folder
of its own they cannot write, nothing of them left once killed) is checked through the
trusted client, grader.sandbox.forkserver.ForkServer, in both sandbox modes (processes that
keep changing their pid: tests/sandbox/inside/test_sweep.py).
tests/sandbox/test_forkserver.py covers the client's own contract.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import secrets
import signal
import tempfile
import time
import types

import pytest
import untested

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


def temporary():
    import tempfile
    folder = tempfile.gettempdir()
    info = os.stat(folder)
    return [folder, os.environ.get("TMPDIR"), info.st_uid, info.st_mode & 0o777]


def leave_ipc(key):
    """A System V segment, semaphore set and message queue anyone may open; a POSIX queue."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    made = [libc.shmget(key, 4096, 0o1666), libc.semget(key, 1, 0o1666), libc.msgget(key, 0o1666)]
    rt = libc if hasattr(libc, "mq_open") else ctypes.CDLL("librt.so.1", use_errno=True)  # glibc < 2.34
    queue = rt.mq_open(b"/grader-test-%d" % key, os.O_CREAT | os.O_RDWR, 0o600, None)
    made.append(queue if queue != -1 else -ctypes.get_errno())
    return made


def finds_ipc(key):
    import ctypes
    libc = ctypes.CDLL(None)
    return [libc.shmget(key, 0, 0) != -1, libc.semget(key, 0, 0) != -1, libc.msgget(key, 0) != -1]


def leave_in(folder, name):
    try:
        with open(os.path.join(folder, name), "w") as stream:
            stream.write("x")
    except OSError as exc:
        return type(exc).__name__
    return os.path.join(folder, name)
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
    shared.chmod(0o1777)  # a shared temporary folder: anyone may write there
    template._remove_files_of(os.getuid(), str(shared))
    assert list(shared.iterdir()) == []
    assert (outside / "kept.txt").read_text() == "not the child's"


def test_remove_files_of_leaves_every_other_owners_entries(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    tmp_path.chmod(0o1777)
    template._remove_files_of(os.getuid() + 1, str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt", "folder"]


def test_remove_files_of_skips_a_folder_no_child_could_write(tmp_path):
    (tmp_path / "file.txt").write_text("x")
    tmp_path.chmod(0o711)  # the template's own temporary folder: the child could not have left this
    template._remove_files_of(os.getuid(), str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


@untested.skip_unless(os.geteuid() == 0, untested.ROOT, "files of another owner can only be made by root")
def test_remove_files_of_picks_the_childs_entries_among_others(tmp_path):
    child, sibling = template.MIN_UID + 1, template.MIN_UID + 2
    for name, owner in (("child.txt", child), ("sibling.txt", sibling), ("root.txt", 0)):
        (tmp_path / name).write_text("x")
        os.chown(tmp_path / name, owner, owner)
    (tmp_path / "child-dir").mkdir()
    (tmp_path / "child-dir" / "inside-by-root.txt").write_text("x")  # removed with the folder that holds it
    os.chown(tmp_path / "child-dir", child, child)
    tmp_path.chmod(0o1777)
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
    orphan = os.fork()  # not a worker: reaped, its status not kept
    if orphan == 0:
        os._exit(5)
    for pid in (exited, killed, orphan):
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # a zombie now, still unreaped
    statuses: dict = {}
    children = {exited: (None, ""), killed: (None, ""), running: (None, "")}
    template._reap(statuses, children)
    first = {"exited": os.waitstatus_to_exitcode(statuses[exited]),
             "signal": os.WTERMSIG(statuses[killed]) if os.WIFSIGNALED(statuses[killed]) else None,
             "running_reaped": running in statuses, "orphan_kept": orphan in statuses,
             "orphan_reaped": not os.path.exists(f"/proc/{orphan}")}
    os.close(go_w)
    os.waitid(os.P_PID, running, os.WEXITED | os.WNOWAIT)
    template._reap(statuses, children)
    template._reap(statuses, children)  # no child left at all: returns quietly
    first["later"] = os.waitstatus_to_exitcode(statuses[running])
    first["count"] = len(statuses)
    return first


def test_reap_collects_every_ended_child_and_waits_for_none():
    assert in_child(_reap_in_a_helper) == {"exited": 3, "signal": signal.SIGKILL, "running_reaped": False,
                                           "orphan_kept": False, "orphan_reaped": True, "later": 0, "count": 3}


# --------------------------------------------------------------------------- _kill

def _kill_a_stranger() -> dict:
    """A process the template did not fork (here: a child of the helper, leading its own group)
    is left alone when a kill names its pid; forked in a helper, so that it may be waited for."""
    go_r, go_w = os.pipe()
    stranger = os.fork()
    if stranger == 0:
        os.setsid()
        os.close(go_w)
        os.read(go_r, 1)
        os._exit(0)
    os.close(go_r)
    time.sleep(0.2)  # let it make its own group, as a worker does
    status = template._kill(stranger, {}, {}, [])
    alive = os.waitpid(stranger, os.WNOHANG) == (0, 0)
    os.close(go_w)
    os.waitpid(stranger, 0)
    return {"status": status, "alive": alive}


def test_kill_leaves_alone_a_pid_it_did_not_fork():
    assert in_child(_kill_a_stranger) == {"status": None, "alive": True}


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
    reply = template._spawn(spawn_request(directory), fds, staging, str(tmp_path / "tmp"), {}, None, None, children)
    assert reply == {"error": "the submission must lie in the staging folder"}
    assert all(closed(fd) for fd in fds) and children == {}
    assert list((tmp_path / "tmp").iterdir()) == []


@pytest.mark.parametrize("count", [0, 2, 4])
def test_spawn_needs_exactly_three_fds_and_closes_what_it_got(staging, tmp_path, count):
    fds = open_fds(count)
    reply = template._spawn(spawn_request("sub"), fds, staging, str(tmp_path / "tmp"), {}, None, None, {})
    assert reply == {"error": "spawn needs three file descriptors"}
    assert all(closed(fd) for fd in fds)


@pytest.mark.parametrize("uid", [0, 65534, "200001", -1])
def test_spawn_refuses_a_uid_outside_the_workers_range(staging, tmp_path, uid):
    fds = open_fds(3)
    reply = template._spawn(spawn_request("sub"), fds, staging, str(tmp_path / "tmp"), {}, uid, None, {})
    assert reply == {"error": "spawn needs a uid of the workers' range"}
    assert all(closed(fd) for fd in fds)
    assert list((tmp_path / "tmp").iterdir()) == []


def test_spawn_of_a_missing_submission_says_so_and_leaves_no_copy(staging, tmp_path):
    fds = open_fds(3)
    reply = template._spawn(spawn_request("missing"), fds, staging, str(tmp_path / "tmp"), {}, None, None, {})
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


def gone(channel: WorkerChannel, path: str) -> bool:
    """True once ``path`` no longer exists for the worker behind ``channel``; False after SECONDS."""
    deadline = time.monotonic() + SECONDS
    while ask(channel, "sees", path):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


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


def root_limits(box: confine.Sandbox) -> confine.Limits:
    if os.geteuid() != 0:
        untested.skip(untested.ROOT, "the template gives each child a uid of its own only when it runs as root")
    return dataclasses.replace(confine.limits(60, 4096, box), drop_to=confine.NOBODY)


@pytest.fixture
def root_forks(forks):
    """A template told to switch uids (so in limited mode too), and two of its children. No lock
    across pytest-xdist workers: no two templates on the machine hand out the same uid."""
    server = forks.start(root_limits(forks.box))
    yield server, forks.worker(server), forks.worker(server)
    forks.stop()


def test_as_root_each_child_gets_a_uid_of_its_own_and_cannot_change_its_copy(root_forks):
    _, first, second = root_forks
    (_, first_uid, first_pid), (_, second_uid, _) = ask(first, "where"), ask(second, "where")
    assert first_uid >= confine.UID_FLOOR and second_uid >= confine.UID_FLOOR and first_uid != second_uid
    assert ask(first, "leave_note", "note.txt") == "PermissionError"
    assert ask(second, "signal_sibling", first_pid) == "PermissionError"


def test_as_root_two_templates_never_hand_out_the_same_uid(forks):
    limits = root_limits(forks.box)
    uids = [ask(forks.worker(server), "where")[1] for server in (forks.start(limits), forks.start(limits))
            for _ in range(2)]
    assert len(set(uids)) == 4, uids  # in limited mode a kill by uid would end the other session's workers


def test_each_child_gets_a_private_temporary_folder_that_goes_with_it(forks):
    server = forks.start(dataclasses.replace(confine.limits(60, 4096, forks.box), drop_to=None))
    first, second = forks.worker(server), forks.worker(server)
    (first_tmp, first_env, owner, mode), (second_tmp, _, _, _) = ask(first, "temporary"), ask(second, "temporary")
    assert first_tmp == first_env and first_tmp != second_tmp and mode == 0o700 and owner == os.geteuid()
    left = ask(first, "leave_in", first_tmp, "note.txt")
    assert left.startswith(first_tmp) and ask(second, "sees", left) is True
    first.kill()  # removed right after the template's reply, before it serves any next request
    assert gone(second, first_tmp) and not ask(second, "sees", left)


def test_as_root_a_child_owns_its_temporary_folder_and_cannot_write_the_templates(root_forks):
    _, first, second = root_forks
    (first_tmp, _, owner, mode), uid = ask(first, "temporary"), ask(first, "where")[1]
    assert owner == uid and mode == 0o700
    shared = os.path.dirname(os.path.dirname(first_tmp))  # where every child's folder lies
    assert ask(first, "leave_in", shared, f"grader-test-{secrets.token_hex(6)}") == "PermissionError"
    assert ask(second, "leave_in", first_tmp, "note.txt") == "PermissionError"  # nor a sibling's


def test_as_root_what_a_killed_child_left_in_shared_temporary_folders_is_removed(root_forks):
    _, first, second = root_forks
    if first.spec.box.mode == "bubblewrap":
        assert ask(first, "leave_in", "/tmp", "note.txt") == "PermissionError"  # the template's: nothing to share
        return
    path = ask(first, "leave_in", "/tmp", f"grader-test-{secrets.token_hex(6)}")  # limited: the machine's /tmp
    assert ask(second, "sees", path) is True
    first.kill()
    assert gone(second, path)


def test_as_root_what_a_killed_child_left_in_the_ipc_namespace_is_removed(root_forks):
    """System V IPC objects outlive every process, and a template's children share one IPC namespace: a
    segment left by one submission held its memory, and was there for the next one to read, until removed."""
    _, first, second = root_forks
    key = secrets.randbelow(1 << 30) + 1
    *made, queue = ask(first, "leave_ipc", key)
    assert all(ipc_id >= 0 for ipc_id in made), made
    assert queue == -errno.EMFILE  # RLIMIT_MSGQUEUE: no POSIX message queue outlives it either
    assert ask(second, "finds_ipc", key) == [True, True, True]
    first.kill()
    deadline = time.monotonic() + SECONDS
    while ask(second, "finds_ipc", key) != [False, False, False]:
        assert time.monotonic() < deadline, "the killed child's IPC objects are still there"
        time.sleep(0.01)
