"""The trusted side of the fork server: warm workers for a session of many submissions.

One template process per session (``inside/template``) runs in the same sandbox a worker
would; each submission's worker is forked from it, so a worker costs a fork instead of a
Python start-up and a numpy import. ``ForkedProcess`` keeps the ``process.WorkerProcess``
contract (its pipes, its output, kill, the reason it died), so the protocol code does not
know how its process was made.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import tempfile
import threading
from pathlib import Path

from grader.exceptions import WorkerDied
from grader.sandbox.confine import Limits, Sandbox
from grader.sandbox.inside.endings import exit_reason, signal_reason
from grader.sandbox.inside.files import remove_tree
from grader.sandbox.output import OutputTap
from grader.sandbox.process import close_pipes
from grader.sandbox.spawn import SpawnedProcess

TEMPLATE = "grader.sandbox.inside.template"

CONTROL_SECONDS = 30


class ForkServer:
    """A template process and the staging folder it copies submissions from."""

    def __init__(self, box: Sandbox, limits: Limits):
        self.box, self.limits = box, limits
        self.staging = Path(tempfile.mkdtemp(prefix="grader-stage-"))
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._template: SpawnedProcess | None = None
        self._control: socket.socket | None = None

    def start(self) -> None:
        """Boot the template now, so that it imports numpy while the caller does its own start-up."""
        with self._lock:
            self._ensure_template()

    def spawn(self, module_name: str, module_path: Path) -> ForkedProcess:
        """A fresh worker for the submission in ``module_path``'s folder.

        The folder is copied into the staging area unless it already lies there (a
        session copies submissions straight into it); the template copies it once more,
        privately, for the worker.
        """
        if module_path.parent.is_relative_to(self.staging):
            stage, owned = module_path.parent, False
        else:
            stage, owned = self.staging / f"s{next(self._ids)}", True
            shutil.copytree(module_path.parent, stage, symlinks=True)
        req_r, req_w = os.pipe()
        resp_r, resp_w = os.pipe()
        out_r, out_w = os.pipe()
        message = {"op": "spawn", "module": module_name, "module_file": module_path.name,
                   "dir": str(stage.relative_to(self.staging))}
        try:
            reply = self._ask(message, [req_r, resp_w, out_w])
        finally:
            for fd in (req_r, resp_w, out_w):
                os.close(fd)
        if "pid" not in reply:
            for fd in (req_w, resp_r, out_r):
                os.close(fd)
            if owned:
                shutil.rmtree(stage, ignore_errors=True)
            raise WorkerDied(f"the fork server could not start a worker: {reply.get('error', 'no reason given')}")
        return ForkedProcess(self, int(reply["pid"]), req_w, resp_r, out_r, stage if owned else None)

    def kill(self, pid: int) -> int | None:
        try:
            return self._ask({"op": "kill", "pid": pid}, []).get("status")
        except WorkerDied:
            return None

    def close(self) -> None:
        if self._control is not None:
            self._control.close()
            self._control = None
        if self._template is not None:
            self._template.kill()
            self._template = None
        remove_tree(self.staging)

    def _ask(self, message: dict, fds: list[int]) -> dict:
        with self._lock:
            for _attempt in (1, 2):
                self._ensure_template()
                message["id"] = next(self._ids)
                try:
                    socket.send_fds(self._control, [json.dumps(message).encode()], fds)
                    data = self._control.recv(65536)
                except OSError:
                    data = b""
                if data:
                    return json.loads(data)
                self._restart()  # the template died: one retry with a new one
            raise WorkerDied("the fork server stopped answering")

    def _ensure_template(self) -> None:
        if self._template is not None:
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._template = SpawnedProcess("-", self.staging / "-", self.limits, self.box,
                                            entry=TEMPLATE, extra_fds=(theirs.fileno(),))
        finally:
            theirs.close()
        ours.settimeout(CONTROL_SECONDS)
        self._control = ours

    def _restart(self) -> None:
        if self._control is not None:
            self._control.close()
        if self._template is not None:
            self._template.kill()
        self._template, self._control = None, None


class ForkedProcess:
    """One forked worker, seen from the trusted side (a ``process.WorkerProcess``)."""

    # Another one costs a fork of the warm template, what forking the imported module would:
    # so its channel serves calls in it and starts afresh for a clean slate (channel.WorkerChannel).
    restarts_cheaply = True

    def __init__(self, server: ForkServer, pid: int, request_fd: int, response_fd: int, output_fd: int,
                 stage: Path | None):
        self.server, self.pid = server, pid
        self.request_fd, self.response_fd = request_fd, response_fd
        self._stage = stage
        self._status: int | None = None
        self._killed = False
        self._output = OutputTap(os.fdopen(output_fd, "rb"), "forked-output")

    @property
    def output(self) -> str:
        return self._output.text

    def running(self) -> bool:
        return not self._killed

    def kill(self) -> None:
        if self._killed:
            return
        self._killed = True
        self._status = self.server.kill(self.pid)
        self._output.join(timeout=1)
        close_pipes(self)
        if self._stage is not None:
            remove_tree(self._stage)

    def death_reason(self) -> str:
        self.kill()
        status = self._status
        if status is None:
            return "the process ended and its exit status is unknown"
        if os.WIFSIGNALED(status):
            return signal_reason(os.WTERMSIG(status))
        return exit_reason(os.WEXITSTATUS(status))
