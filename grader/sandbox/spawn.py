"""Starting, watching and killing one worker process, whatever it does to itself.

Kept apart from the protocol (``channel``) because this is where the operating system
comes in: the sandbox command line, the private pipes, the environment allow-list, the
capped capture of output, and a kill that also reaches setsid'd grandchildren.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from grader.sandbox import confine, reap
from grader.sandbox.confine import PACKAGE_DIR
from grader.sandbox.inside.confinement import become_subreaper
from grader.sandbox.inside.endings import exit_reason, signal_reason
from grader.sandbox.output import OutputTap
from grader.sandbox.process import close_pipes, resume_stopped

# Loads the grader package from its own folder only, so the worker's sys.path never
# gains the course repository (which holds the solutions and the suites).
_BOOTSTRAP = (
    "import sys, importlib.util as u\n"
    "s = u.spec_from_file_location('grader', sys.argv[1], submodule_search_locations=[sys.argv[2]])\n"
    "m = u.module_from_spec(s); sys.modules['grader'] = m; s.loader.exec_module(m)\n"
    "import importlib\n"
    "importlib.import_module(sys.argv[3]).main(sys.argv[4:])\n"
)

# Environment variables the worker may see; everything else (tokens, CI secrets) is dropped.
_PASSED_ENV = ("PATH", "LANG", "LC_ALL", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
_TOKEN_VAR = "GRADER_WORKER"
MODULE_WORKER = "grader.sandbox.inside.worker"


class SpawnedProcess:
    """A worker started as a fresh, sandboxed interpreter (a ``process.WorkerProcess``)."""

    def __init__(self, module_name: str, module_path: Path, limits: confine.Limits, box: confine.Sandbox,
                 python: str = sys.executable, entry: str = MODULE_WORKER, extra_fds: tuple[int, ...] = (),
                 tmpdir: Path | None = None, caps: tuple[str, ...] = ()):
        """Start ``entry``'s main() confined to ``module_path``'s folder (read-only).

        The arguments it receives: module name, module path, its request and response fds,
        the limits; then one more fd per ``extra_fds``, passed through unchanged. ``tmpdir``
        is its temporary folder in limited mode (a private one, that the caller removes);
        under bubblewrap its ``/tmp`` is private already. ``caps``: capabilities it keeps
        under bubblewrap as root, beyond the uid switch's (the fork-server template's).
        """
        become_subreaper()
        self.box = box
        self.token = os.urandom(8).hex()  # secrets.token_hex's bytes, without hmac and hashlib to import
        self.uid = limits.drop_to
        self._uid = limits.drop_to if confine.is_private_uid(limits.drop_to) else None  # its processes, all of them
        req_r, self.request_fd = os.pipe()
        self.response_fd, resp_w = os.pipe()
        env = {k: os.environ[k] for k in _PASSED_ENV if k in os.environ}
        temporary = str(tmpdir) if tmpdir is not None and box.mode != "bubblewrap" else "/tmp"
        env.update(HOME=str(module_path.parent), TMPDIR=temporary, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1",
                   OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", **{_TOKEN_VAR: self.token})
        argv = [python, "-s", "-P", "-c", _BOOTSTRAP, str(PACKAGE_DIR / "__init__.py"), str(PACKAGE_DIR), entry,
                module_name, str(module_path), str(req_r), str(resp_w), limits.to_argv(), *map(str, extra_fds)]
        self._info_r, info_w = os.pipe() if box.mode == "bubblewrap" else (-1, -1)
        passed = (req_r, resp_w, *extra_fds) + ((info_w,) if info_w != -1 else ())
        try:
            self.proc = subprocess.Popen(
                box.wrap(argv, module_path.parent, confine.readable_paths(), info_w if info_w != -1 else None, caps),
                cwd=module_path.parent, env=env, pass_fds=passed, start_new_session=True,
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            )
        finally:
            for fd in (req_r, resp_w, info_w):
                if fd != -1:
                    os.close(fd)
        reap.trust(self.proc.pid)
        self._born = reap.start_time(self.proc.pid) if box.mode != "bubblewrap" else None
        self._output = OutputTap(self.proc.stdout, "worker-output")

    @property
    def output(self) -> str:
        return self._output.text

    def running(self) -> bool:
        return self.response_fd != -1 and self.proc.poll() is None

    def kill(self) -> None:
        """Kill the worker, its process group and any descendant that escaped it."""
        try:  # even after the leader exited: its children may still be in the group
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        reap.forget(self.proc.pid)
        if self.box.mode != "bubblewrap":  # bubblewrap's PID namespace already took everything with it
            reap.end_all(self.proc.pid, f"{_TOKEN_VAR}={self.token}".encode(), self._born, self._uid)
        else:
            self._reap_sandbox_init()
        self._output.join(timeout=1)
        close_pipes(self)

    def _reap_sandbox_init(self) -> None:
        if self._info_r != -1:
            confine.reap_init(self._info_r)
            self._info_r = -1

    def resume(self) -> int:
        return resume_stopped(self.proc.pid) if self.proc.poll() is None else 0

    def death_reason(self) -> str:
        """Why the worker stopped answering, in words (it is killed if still running)."""
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            return "its process stopped answering and was killed"
        self.kill()
        if code < 0:
            return signal_reason(-code)
        if self.box.mode == "bubblewrap" and code > 128:  # bwrap reports its child's signal as 128 + number
            return signal_reason(code - 128)
        return exit_reason(code)

