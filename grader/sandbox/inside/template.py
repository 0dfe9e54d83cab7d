"""The fork-server template: a warm process inside the sandbox that forks one worker per call.

Starting Python and importing numpy costs about a tenth of a second; forking a process that
already did costs about three milliseconds. The template never runs student code: it only
copies a submission into a fresh folder, forks, and the child confines itself (limits, a
user id of its own, chosen by the trusted side so that no two live workers on the machine
share one) before it imports the submission and serves calls exactly like a worker started
from scratch (``worker.serve``). Siblings cannot read each other's files or signal each other.

Nothing of one child outlives it, so nothing of one submission reaches the next:

- its folder holds its private copy (readable, not writable) and its private temporary
  folder (``TMPDIR``, 0700, its own); the template's own temporary folder, where those
  folders lie (bubblewrap's private ``/tmp``, or in limited mode a folder the trusted side
  made for this template), is not writable by the children, so no writable place is
  shared between two submissions; the folder goes when the child is killed;
- what it leaves in the IPC namespace all children share (System V shared memory, semaphores,
  message queues, which outlive every process) is removed with its folder, by its uid;
- killing it kills everything it started until nothing is left (``sweep``): by its uid
  when it has one, else by descent (its process group, its descendants, and every orphan
  the template adopted as a child subreaper). Once the child itself is reaped, whatever it
  left can only be an orphan of the template (the nearest subreaper above it), so a child
  that left no orphan costs no sweep at all;
- the template kills only pids it forked itself.

Control messages are JSON over a SOCK_SEQPACKET socket; the child's pipes arrive with the
spawn request as file descriptors (SCM_RIGHTS), so the template never sees their traffic.
The reply to a spawn carries a pidfd of the child, through which the trusted side sees it
end, even between calls.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sys
import tempfile

from grader.sandbox.inside import sweep, worker
from grader.sandbox.inside.confinement import become_subreaper
from grader.sandbox.inside.files import make_readable, remove_tree

MIN_UID = 100_000  # a child's uid is never a system or a login account's (the trusted side picks it)
SHARED_TMP = ("/tmp", "/var/tmp", "/dev/shm")  # writable by anyone in limited mode: a uid's files there go too


def main(argv: list[str]) -> None:
    staging = os.path.dirname(argv[1])
    os.close(int(argv[2]))
    os.close(int(argv[3]))
    limits = json.loads(argv[4])
    control = socket.socket(fileno=int(argv[5]))
    switch_users = limits.get("drop_to") is not None and os.geteuid() == 0
    become_subreaper()  # orphans of children become ours to reap, whatever namespace we are in
    root = tempfile.gettempdir()
    try:
        os.chmod(root, 0o711)  # children pass through to their own folders, and create nothing here
    except OSError:
        pass
    children: dict[int, tuple[int | None, str]] = {}
    statuses: dict[int, int] = {}
    leftovers: list[tuple[int | None, str]] = []  # killed children's folders: removed once the reply is out
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(control, 65536, 4)
        except (OSError, ValueError):
            data = b""
        if not data:  # the trusted side is gone (or ends us): so is everything we forked
            _shut_down(root, children, statuses, leftovers)
            return
        message = json.loads(data)
        _reap(statuses, children)
        pidfd = -1
        if message.get("op") == "spawn":
            uid = message.get("uid") if switch_users else None
            reply = _spawn(message, fds, staging, root, limits, uid, control, children)
            pidfd = _pidfd(reply.get("pid"))
        elif message.get("op") == "kill":
            reply = {"status": _kill(message.get("pid"), children, statuses, leftovers)}
        else:
            for fd in fds:
                os.close(fd)
            reply = {"error": "unknown op"}
        reply["id"] = message.get("id")
        try:
            socket.send_fds(control, [json.dumps(reply).encode()], [pidfd] if pidfd != -1 else [])
        finally:
            if pidfd != -1:
                os.close(pidfd)
        while leftovers:  # while the trusted side gets on with its own work; before any next request
            _remove_folders(*leftovers.pop())


def _spawn(message: dict, fds: list[int], staging: str, root: str, limits: dict, uid, control, children) -> dict:
    def refuse(why: str) -> dict:
        for fd in fds:
            os.close(fd)
        return {"error": why}

    if len(fds) != 3:
        return refuse("spawn needs three file descriptors")
    source = os.path.normpath(os.path.join(staging, str(message["dir"])))
    if not source.startswith(staging + os.sep):
        return refuse("the submission must lie in the staging folder")
    if uid is not None and (type(uid) is not int or uid < MIN_UID):
        return refuse("spawn needs a uid of the workers' range")
    folder = tempfile.mkdtemp(prefix="w", dir=root)
    copy, tmp = os.path.join(folder, "copy"), os.path.join(folder, "tmp")
    try:
        _copy_readable(source, copy)
        os.mkdir(tmp, 0o700)
        os.chmod(folder, 0o711)
    except OSError as exc:
        remove_tree(folder)
        return refuse(f"cannot copy the submission: {exc}")
    try:
        if uid is not None:
            os.chown(tmp, uid, uid)
    except OSError as exc:  # a user namespace that maps no such user: the child could not become it either
        remove_tree(folder)
        return {**refuse(f"cannot give the worker its user {uid}: {exc}"), "uid": uid}
    pid = os.fork()
    if pid == 0:  # the child: becomes the worker, never returns
        code = 70
        try:
            control.close()
            _child(message, fds, copy, tmp, limits, uid)
            code = 0
        finally:
            os._exit(code)
    for fd in fds:
        os.close(fd)
    children[pid] = (uid, folder)
    return {"pid": pid}


def _child(message: dict, fds: list[int], workdir: str, tmp: str, limits: dict, uid: int | None) -> None:
    request_fd, response_fd, output_fd = fds
    os.setsid()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(output_fd, 1)
    os.dup2(output_fd, 2)
    for fd in (devnull, output_fd):
        os.close(fd)
    os.chdir(workdir)
    os.environ["HOME"] = workdir
    os.environ["TMPDIR"] = tempfile.tempdir = tmp  # the template's own may be cached: this one is the child's
    sys.stdout = os.fdopen(1, "w", buffering=1, closefd=False)
    sys.stderr = os.fdopen(2, "w", buffering=1, closefd=False)
    module_name = str(message["module"])
    worker.serve(module_name, os.path.join(workdir, str(message["module_file"])), request_fd, response_fd,
                 dict(limits, drop_to=uid))


def _copy_readable(source: str, target: str) -> None:
    """Copy the submission so that the child can read but not change it."""
    shutil.copytree(source, target, symlinks=True)
    make_readable(target)


def _pidfd(pid) -> int:
    """A pidfd of the child for the trusted side (-1 where the kernel has none)."""
    if type(pid) is not int or not hasattr(os, "pidfd_open"):
        return -1
    try:
        return os.pidfd_open(pid)
    except OSError:
        return -1


def _kill(pid, children: dict, statuses: dict, leftovers: list) -> int | None:
    """Kill a child with everything it started; return its wait status. A pid this template did not
    fork (or has already killed) is left alone: in another namespace, or after a restart, it is another process.

    Its processes are gone when this returns; its files (its folder, and as a uid of its own
    what it left in shared temporary folders) are queued on ``leftovers``: ``_remove_folders``."""
    if type(pid) is not int or pid not in children:
        return None
    uid, folder = children[pid]
    for kill in (os.killpg, os.kill):  # a child that has not yet made its session has no group of its own
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
    status = statuses.pop(pid, None)
    if status is None:  # first the child itself is gone: usually nothing of its uid is left then
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = None
    del children[pid]
    me = os.getpid()
    if any(other not in children for other in sweep.children_of(me)):  # it left something (else nothing of it lives)
        if uid is not None:
            sweep.kill_uid(uid)
        sweep.kill_descendants([], spare=lambda other: other in children)
    _reap(statuses, children)
    leftovers.append((uid, folder))
    return status


def _shut_down(root: str, children: dict, statuses: dict, leftovers: list) -> None:
    """Kill every child still alive and remove every folder made for one; the temporary folder
    made for this template goes too when it is one (limited mode: a grader killed with SIGKILL
    closes nothing, and its /tmp is the machine's)."""
    for pid in list(children):
        _kill(pid, children, statuses, leftovers)
    while leftovers:
        _remove_folders(*leftovers.pop())
    if root not in SHARED_TMP:
        try:
            os.rmdir(root)
        except OSError:
            pass


def _remove_folders(uid: int | None, folder: str) -> None:
    """A killed child's folder, and what it left in the shared temporary folders and the IPC namespace
    (by its own uid)."""
    remove_tree(folder)
    if uid is not None:
        for shared in SHARED_TMP:
            _remove_files_of(uid, shared)
        sweep.remove_ipc_of(uid)


def _reap(statuses: dict, children: dict) -> None:
    """Collect every ended child; keep the status of the workers only (adopted orphans are just reaped)."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid in children:
            statuses[pid] = status


def _remove_files_of(uid: int, folder: str) -> None:
    """What a child left in a shared temporary folder must not reach the next submission (a folder
    nobody else may write, like the template's own /tmp under bubblewrap, holds nothing of it)."""
    try:
        if not os.stat(folder).st_mode & 0o002:
            return
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if entry.stat(follow_symlinks=False).st_uid != uid:
                continue
            if entry.is_dir(follow_symlinks=False):
                remove_tree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:
            continue
