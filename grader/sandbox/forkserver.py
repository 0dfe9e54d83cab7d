"""The trusted side of the fork server: warm workers for a session of many submissions.

One template process per session (``inside/template``) runs in the same sandbox a worker
would; each submission's worker is forked from it, so a worker costs a fork instead of a
Python start-up and a numpy import. ``ForkedProcess`` keeps the ``process.WorkerProcess``
contract (its pipes, its output, kill, the reason it died), so the protocol code does not
know how its process was made.

What this side owns, so that nothing leaks whatever the template does: the uid of every
worker (``confine.private_uid``: no two live workers on the machine share one, across
sessions too), the folder the template keeps its children's copies and temporary folders
in (limited mode; bubblewrap's ``/tmp`` vanishes with the sandbox), removed when that
template ends, and every pipe of a spawn, closed whatever fails. A template that died
took its workers with it: a worker of an ended template is never asked about again.
"""

from __future__ import annotations

import itertools
import json
import os
import select
import shutil
import socket
import tempfile
import threading
from pathlib import Path

from grader.exceptions import CanaryFailed, WorkerDied
from grader.sandbox import confine, stage
from grader.sandbox.confine import Limits, Sandbox
from grader.sandbox.inside.endings import exit_reason, signal_reason
from grader.sandbox.inside.files import remove_tree
from grader.sandbox.output import OutputTap
from grader.sandbox.process import close_pipes
from grader.sandbox.spawn import SpawnedProcess

TEMPLATE = "grader.sandbox.inside.template"
# Started as root under bubblewrap, the template kills its children, whose uids are their own
# (kill), makes each child's temporary folder that child's (chown) and removes whatever the
# child left in it (its files are the child's, 0700).
TEMPLATE_CAPS = ("CAP_KILL", "CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FOWNER")

CONTROL_SECONDS = 30


class ForkServer:
    """A template process and the staging folder it copies submissions from."""

    def __init__(self, box: Sandbox, limits: Limits):
        self.box, self.limits = box, limits
        self.staging = Path(tempfile.mkdtemp(prefix="grader-stage-", dir=stage.temp_root()))
        self.generation = 0  # counts the templates started: a worker belongs to one
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._template: SpawnedProcess | None = None
        self._control: socket.socket | None = None
        self._scratch: Path | None = None  # limited mode: the template's temporary folder, ours to remove

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
        message = {"op": "spawn", "module": module_name, "module_file": module_path.name,
                   "dir": str(stage.relative_to(self.staging)),
                   "uid": confine.private_uid() if self.limits.drop_to is not None else None}
        made: list[int] = []
        try:
            for _ in range(3):
                made += os.pipe()
            req_r, req_w, resp_r, resp_w, out_r, out_w = made
            reply, fds, generation = self._ask(message, [req_r, resp_w, out_w])
        except BaseException:
            for fd in made:
                os.close(fd)
            if owned:
                shutil.rmtree(stage, ignore_errors=True)
            raise
        for fd in (req_r, resp_w, out_w):  # the template's ends: the worker holds them now
            os.close(fd)
        if "pid" not in reply:
            for fd in (req_w, resp_r, out_r, *fds):
                os.close(fd)
            if owned:
                shutil.rmtree(stage, ignore_errors=True)
            why = f"the fork server could not start a worker: {reply.get('error', 'no reason given')}"
            if "uid" in reply:  # it could not make a user's folder: nothing of a submission's doing
                raise CanaryFailed(why, switching=True, uid=message["uid"])
            raise WorkerDied(why)
        return ForkedProcess(self, int(reply["pid"]), req_w, resp_r, out_r, stage if owned else None, generation,
                             fds[0] if fds else -1, message["uid"])

    def resume(self) -> int:
        """Continue what of the template's tree is stopped (its workers and their task forks are below it)."""
        template = self._template
        return template.resume() if template is not None else 0

    def kill(self, pid: int, generation: int | None = None) -> int | None:
        """End worker ``pid`` of template ``generation`` (the current one if None); its wait status."""
        with self._lock:
            if generation not in (None, self.generation) or self._template is None:
                return None  # its template ended, and took it along
        try:
            return self._ask({"op": "kill", "pid": pid}, [], retry=False)[0].get("status")
        except WorkerDied:
            return None

    def close(self) -> None:
        with self._lock:
            self._end_template()
        remove_tree(self.staging)

    def _ask(self, message: dict, fds: list[int], retry: bool = True) -> tuple[dict, list[int], int]:
        """Send a request; (the reply, the fds that came with it, the generation of the template that answered)."""
        with self._lock:
            for _attempt in (1, 2) if retry else (1,):
                self._ensure_template()
                message["id"] = next(self._ids)
                try:
                    socket.send_fds(self._control, [json.dumps(message).encode()], fds)
                    data, received, _, _ = socket.recv_fds(self._control, 65536, 1)
                except OSError:
                    data, received = b"", []
                if data:
                    return json.loads(data), received, self.generation
                for fd in received:
                    os.close(fd)
                said = self._end_template()  # the template died: one retry with a new one
            raise WorkerDied("the fork server stopped answering" + (f": {said}" if said else ""))

    def _ensure_template(self) -> None:
        if self._template is not None:
            return
        scratch = None
        if self.box.mode != "bubblewrap":  # the children's folders go here, not into the machine's /tmp
            scratch = Path(tempfile.mkdtemp(prefix="grader-forks-", dir=stage.temp_root()))
            scratch.chmod(0o711)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._template = SpawnedProcess("-", self.staging / "-", self.limits, self.box, entry=TEMPLATE,
                                            extra_fds=(theirs.fileno(),), tmpdir=scratch, caps=TEMPLATE_CAPS)
        except BaseException:
            ours.close()
            if scratch is not None:
                remove_tree(scratch)
            raise
        finally:
            theirs.close()
        ours.settimeout(CONTROL_SECONDS)
        self._control, self._scratch = ours, scratch
        self.generation += 1

    def _end_template(self) -> str:
        """End the template and, with it, every worker it forked (and their folders); the last line
        it printed (bubblewrap's complaint, when the sandbox could not be made)."""
        if self._control is not None:
            self._control.close()
        said = ""
        if self._template is not None:
            self._template.kill()
            said = next((line.strip() for line in reversed(self._template.output.splitlines()) if line.strip()), "")
        if self._scratch is not None:
            remove_tree(self._scratch)
        self._template, self._control, self._scratch = None, None, None
        return said[:300]


class ForkedProcess:
    """One forked worker, seen from the trusted side (a ``process.WorkerProcess``)."""

    def __init__(self, server: ForkServer, pid: int, request_fd: int, response_fd: int, output_fd: int,
                 stage: Path | None, generation: int = 0, pidfd: int = -1, uid: int | None = None):
        self.server, self.pid, self.generation, self.uid = server, pid, generation, uid
        self.request_fd, self.response_fd = request_fd, response_fd
        self._stage = stage
        self._pidfd = pidfd  # readable once the process ended (-1: none; then the reply pipe's hang-up says it)
        self._status: int | None = None
        self._killed = False
        self._output = OutputTap(os.fdopen(output_fd, "rb"), "forked-output")

    @property
    def output(self) -> str:
        return self._output.text

    def running(self) -> bool:
        """Whether it may still answer: not killed, its template still the server's, the process alive."""
        if self._killed or self.generation != self.server.generation:
            return False
        if self._pidfd != -1:
            return not select.select([self._pidfd], [], [], 0)[0]
        poller = select.poll()
        poller.register(self.response_fd, select.POLLIN)
        return not any(events & (select.POLLHUP | select.POLLERR) for _, events in poller.poll(0))

    def kill(self) -> None:
        if self._killed:
            return
        self._killed = True
        self._status = self.server.kill(self.pid, self.generation)
        self._output.join(timeout=1)
        close_pipes(self)
        if self._pidfd != -1:
            os.close(self._pidfd)
            self._pidfd = -1
        if self._stage is not None:
            remove_tree(self._stage)

    def resume(self) -> int:
        return self.server.resume() if not self._killed else 0  # its tree is the template's

    def death_reason(self) -> str:
        self.kill()
        status = self._status
        if status is None:
            return "the process ended and its exit status is unknown"
        if os.WIFSIGNALED(status):
            return signal_reason(os.WTERMSIG(status))
        return exit_reason(os.WEXITSTATUS(status))
