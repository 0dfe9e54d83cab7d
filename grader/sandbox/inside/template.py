"""The fork-server template: a warm process inside the sandbox that forks one worker per call.

Starting Python and importing numpy costs about a tenth of a second; forking a process that
already did costs about three milliseconds. The template never runs student code: it only
copies a submission into a fresh folder, forks, and the child confines itself (limits, a
user id of its own) before it imports the submission and serves calls exactly like a
worker started from scratch (``worker.serve``). Each child gets its own uid, so siblings
cannot read each other's files or signal each other, and killing "everything of that uid"
reaches any daemon the child left behind.

Control messages are JSON over a SOCK_SEQPACKET socket; the child's pipes arrive with the
spawn request as file descriptors (SCM_RIGHTS), so the template never sees their traffic.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sys
import tempfile

from grader.sandbox.inside import worker
from grader.sandbox.inside.confinement import become_subreaper
from grader.sandbox.inside.files import make_readable, remove_tree

UID_BASE = 200_000
UID_SPAN = 50_000


def main(argv: list[str]) -> None:
    staging = os.path.dirname(argv[1])
    os.close(int(argv[2]))
    os.close(int(argv[3]))
    limits = json.loads(argv[4])
    control = socket.socket(fileno=int(argv[5]))
    switch_users = limits.get("drop_to") is not None and os.geteuid() == 0
    become_subreaper()  # orphans of children become ours to reap, whatever namespace we are in
    children: dict[int, tuple[int | None, str]] = {}
    statuses: dict[int, int] = {}
    count = 0
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(control, 65536, 4)
        except (OSError, ValueError):
            return
        if not data:
            return
        message = json.loads(data)
        _reap(statuses)
        if message.get("op") == "spawn":
            count += 1
            uid = UID_BASE + count % UID_SPAN if switch_users else None
            reply = _spawn(message, fds, staging, limits, uid, control, children)
        elif message.get("op") == "kill":
            reply = {"status": _kill(int(message["pid"]), children, statuses)}
        else:
            reply = {"error": "unknown op"}
        reply["id"] = message.get("id")
        control.send(json.dumps(reply).encode())


def _spawn(message: dict, fds: list[int], staging: str, limits: dict, uid: int | None, control, children) -> dict:
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        return {"error": "spawn needs three file descriptors"}
    source = os.path.normpath(os.path.join(staging, str(message["dir"])))
    if not source.startswith(staging + os.sep):
        for fd in fds:
            os.close(fd)
        return {"error": "the submission must lie in the staging folder"}
    workdir = tempfile.mkdtemp(prefix="grader-w")
    try:
        _copy_readable(source, workdir)
    except OSError as exc:
        shutil.rmtree(workdir, ignore_errors=True)
        for fd in fds:
            os.close(fd)
        return {"error": f"cannot copy the submission: {exc}"}
    pid = os.fork()
    if pid == 0:  # the child: becomes the worker, never returns
        code = 70
        try:
            control.close()
            _child(message, fds, workdir, limits, uid)
            code = 0
        finally:
            os._exit(code)
    for fd in fds:
        os.close(fd)
    children[pid] = (uid, workdir)
    return {"pid": pid}


def _child(message: dict, fds: list[int], workdir: str, limits: dict, uid: int | None) -> None:
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
    sys.stdout = os.fdopen(1, "w", buffering=1, closefd=False)
    sys.stderr = os.fdopen(2, "w", buffering=1, closefd=False)
    module_name = str(message["module"])
    worker.serve(module_name, os.path.join(workdir, str(message["module_file"])), request_fd, response_fd,
                  dict(limits, drop_to=uid))


def _copy_readable(source: str, target: str) -> None:
    """Copy the submission so that the child can read but not change it."""
    shutil.copytree(source, target, symlinks=True, dirs_exist_ok=True)
    make_readable(target)


def _kill(pid: int, children: dict, statuses: dict) -> int | None:
    """Kill a child with everything it started; return its wait status."""
    uid, workdir = children.pop(pid, (None, ""))
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    if uid is not None:
        _kill_user(uid)
    status = statuses.pop(pid, None)
    if status is None:
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = None
    _reap(statuses)
    if workdir:
        remove_tree(workdir)
    if uid is not None:
        _remove_files_of(uid, tempfile.gettempdir())
    return status


def _kill_user(uid: int) -> None:
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as stream:
                for line in stream:
                    if line.startswith("Uid:"):
                        if int(line.split()[1]) == uid:
                            os.kill(int(entry), signal.SIGKILL)
                        break
        except (OSError, ValueError):
            continue


def _reap(statuses: dict) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        statuses[pid] = status


def _remove_files_of(uid: int, folder: str) -> None:
    """What a child left in the shared temporary folder must not reach the next submission."""
    try:
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
