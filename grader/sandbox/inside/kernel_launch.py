"""One ipykernel process inside the worker's sandbox, and the client that talks to it.

Why not ``jupyter_client.KernelManager``: the grader must choose the kernel's command
line (the grader's own Python, ``-s -P``), its working folder, its environment and which
file descriptors it inherits (the call pipes), and the kernel must start before the worker
has even imported jupyter_client, which costs about as much as the kernel's own start-up. So the process is started with
``subprocess`` and a hand-written connection file (Unix sockets, no TCP port), and
nbclient gets a small stand-in for the manager: whether the process lives, and SIGINT.

The readiness handshake is jupyter_client's, minus its fixed 0.2 s wait for stray
messages: ``kernel_info`` until it is answered, then one IOPub message (ipykernel's
``iopub_welcome``) proves that outputs will not be lost.

The kernel starts where nothing of the submission is: its working folder is its private
runtime folder and its ``sys.path`` lacks the notebook's folder, so ipykernel, jupyter_client,
zmq and IPython resolve their own imports (optional ones included: ``orjson``, ``msgpack``,
``colorama``) and read their configuration without ever seeing a student's ``orjson.py`` or
``ipython_kernel_config.py``. The notebook's folder becomes the working folder and joins
``sys.path`` (last, as for a module) in the worker's first, silent execution (``setup_code``),
after the kernel answered and before the first cell: from then on the cells import the
student's own helpers as Jupyter would. Should the kernel still fail to start, ``blames``
says whether its last words name a file of the submission (then the failure is the
submission's, never the sandbox's).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from queue import Empty

from grader.sandbox.inside.endings import signal_reason

# Run as ``python -s -P -c BOOT <ipykernel arguments>`` in the runtime folder: nothing of the notebook's folder.
_BOOT = ("from ipykernel.kernelapp import launch_new_instance\n"
         "launch_new_instance()\n")

# The first execution in a new kernel: the notebook's folder as the cells see it (see the module docstring).
_SETUP = """
import os as _os, sys as _sys
_os.chdir({folder!r})
if {folder!r} not in _sys.path:
    _sys.path.append({folder!r})
def _grader_cap(streams, left):
    for stream in streams:
        base = type(stream)
        def write_capped(self, text, _write=base.write):
            if not isinstance(text, str):
                return _write(self, text)
            if left[0] <= 0:
                return len(text)
            kept = text[:left[0]]
            left[0] -= len(kept)
            if left[0] <= 0:
                kept += "\\n[the grader keeps no more of what the notebook prints]\\n"
            _write(self, kept)
            return len(text)
        def ignored(self, value):
            pass
        capped = type(base.__name__, (base,), {{"__module__": base.__module__, "write": property(
            lambda self, w=write_capped: w.__get__(self), ignored)}})
        try:
            stream.__class__ = capped
        except TypeError:
            pass
_grader_cap((_sys.stdout, _sys.stderr), [{printed}])
def _grader_forget(manager):
    class Forgotten(dict):
        def __contains__(self, key):
            return False
        def __getitem__(self, key):
            return []
        def __setitem__(self, key, value):
            pass
    if isinstance(getattr(manager, "outputs", None), dict):
        manager.outputs = Forgotten()
_grader_forget(getattr(get_ipython(), "history_manager", None))
del _os, _sys, _grader_cap, _grader_forget
"""
# What the cells may print through the kernel, in characters: past it, print() sends nothing more. The cap is the
# stream's class (``write`` a property no assignment replaces): IPython's ``_tee`` sets ``stream.write`` for each cell
# and puts back what it found when the cell ends, so a cap set on the instance by the setup cell was gone after it, and
# 300 MB printed reached the worker (session 35). IPython's
# history keeps none of what they print (IPython 9 tees every write of a cell into ``history_manager.outputs``,
# for ``%history -o``). A cell printing 300 lines of 1 MB peaked at 1.3 GB in the kernel and the worker (issue 25,
# round 6, 7i); the worker keeps only the first MiB of it anyway (``notebook_worker.PRINTED_KEEP``).
PRINTED_LIMIT = 4 << 20


def setup_code(folder: str) -> str:
    """The statement that makes ``folder`` the cells' working folder and puts it last on ``sys.path``, and
    bounds what the cells print (``PRINTED_LIMIT``)."""
    return _SETUP.format(folder=folder, printed=PRINTED_LIMIT)


class KernelFailed(Exception):
    """The kernel did not start; the message says why, for the report. ``slow``: it only did not
    answer in time (a busy machine), which is no reason to trust a weaker sandbox."""

    def __init__(self, message: str, slow: bool = False):
        super().__init__(message)
        self.slow = slow


class Manager:
    """What nbclient asks of a kernel manager."""

    has_kernel = True

    def __init__(self, kernel: Kernel):
        self.kernel = kernel

    async def is_alive(self) -> bool:
        return self.kernel.alive()

    async def interrupt_kernel(self) -> None:
        self.kernel.interrupt()


class Kernel:
    """A started kernel; ``connect`` makes it usable, ``kill`` ends it."""

    def __init__(self, workdir: str, inherit: tuple[int, ...], number: int):
        self.workdir = workdir  # the notebook's folder: never the kernel's until setup_code ran
        self.runtime = _runtime_dir()
        prefix = os.path.join(self.runtime, f"k{number}")
        self.connection = {"transport": "ipc", "ip": prefix, "shell_port": 1, "iopub_port": 2, "stdin_port": 3,
                           "control_port": 4, "hb_port": 5, "key": secrets.token_hex(16),
                           "signature_scheme": "hmac-sha256", "kernel_name": "python3"}
        connection_file = prefix + ".json"
        with open(os.open(connection_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as stream:
            json.dump(self.connection, stream)
        ipython = os.path.join(self.runtime, "ipython")
        env = dict(os.environ, IPYTHONDIR=ipython, JUPYTER_CONFIG_DIR=self.runtime, JUPYTER_DATA_DIR=self.runtime,
                   JUPYTER_RUNTIME_DIR=self.runtime, JUPYTER_PLATFORM_DIRS="1", JPY_PARENT_PID=str(os.getpid()),
                   GRADER_NOTEBOOK="1", PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                   PYDEVD_DISABLE_FILE_VALIDATION="1", MPLBACKEND="agg", MPLCONFIGDIR=self.runtime)
        self.log_path = prefix + ".log"
        self.manager = Manager(self)
        self.client = None
        self.process = None
        self.failure = ""
        try:
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "-s", "-P", "-c", _BOOT, "-f", connection_file,
                     "--HistoryManager.enabled=False", "--IPKernelApp.ignore_cwd=True"],
                    cwd=self.runtime, env=env, pass_fds=inherit, stdin=subprocess.DEVNULL, stdout=log,
                    stderr=subprocess.STDOUT, start_new_session=True)  # a group of its own: see kill()
        except OSError as exc:  # e.g. no process may be started any more (RLIMIT_NPROC)
            self.failure = f"the Python kernel could not be started ({exc.strerror or exc})"

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def interrupt(self) -> None:
        """SIGINT to the kernel's group, as Jupyter does: a ``!sleep`` it runs stops too."""
        self._signal(signal.SIGINT)

    def kill(self) -> None:
        """End the kernel and whatever it started (its process group; the sandbox ends the rest)."""
        if self.process is not None:
            self._signal(signal.SIGKILL)
            self.process.wait()
        if self.client is not None:
            with contextlib.suppress(Exception):  # channels that never connected (a socket path too long)
                self.client.stop_channels()

    def _signal(self, number: int) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, number)
        except OSError:
            try:
                self.process.send_signal(number)
            except OSError:
                pass

    def death(self) -> str:
        """Why the kernel stopped, in the words used for a module worker."""
        if self.process is None:
            return self.failure
        try:
            status = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the kernel stopped answering"
        if status < 0:
            return signal_reason(-status).replace("the process", "the kernel")
        return f"the kernel exited with status {status}"

    async def connect(self, seconds: float) -> None:
        """Wait until the kernel answers and its outputs reach us, or raise KernelFailed."""
        if self.process is None:
            raise KernelFailed(self.failure)
        self.client = _client_class()()
        self.client.process = self.process
        self.client.load_connection_info(self.connection)
        self.client.start_channels(stdin=False, hb=False)  # so input() fails at once instead of waiting
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            msg_id = self.client.kernel_info()
            if await self._reply(msg_id, deadline) is None:
                break
            try:
                await self.client.iopub_channel.get_msg(timeout=0.2)
                return
            except Empty:
                continue  # IOPub not connected yet: ask again
        if not self.alive():
            raise KernelFailed(f"the Python kernel did not start: {self.death()}{self._log_line()}")
        raise KernelFailed(f"the Python kernel did not start within {seconds:g} s", slow=True)

    async def _reply(self, msg_id: str, deadline: float) -> dict | None:
        """The shell reply to ``msg_id``, or None when the kernel died or time ran out."""
        while time.monotonic() < deadline:
            try:
                msg = await self.client.shell_channel.get_msg(timeout=min(0.1, max(0.01, deadline - time.monotonic())))
            except Empty:
                if not self.alive():
                    return None
                continue
            if msg.get("parent_header", {}).get("msg_id") == msg_id:
                return msg
        return None

    async def responsive(self, seconds: float) -> bool:
        """Whether the kernel answers within ``seconds`` (after an interrupt: did the cell stop?)."""
        if not self.alive():
            return False
        return await self._reply(self.client.kernel_info(), time.monotonic() + seconds) is not None

    async def execute_quietly(self, code: str, expressions: dict | None = None, seconds: float = 5) -> str | None:
        """Run ``code`` without history or output; the text of ``expressions["status"]`` if asked."""
        msg_id = self.client.execute(code, silent=True, store_history=False, user_expressions=expressions or {})
        reply = await self._reply(msg_id, time.monotonic() + seconds)
        if reply is None or not expressions:
            return None
        value = reply.get("content", {}).get("user_expressions", {}).get("status", {})
        return str(value.get("data", {}).get("text/plain")) if value.get("status") == "ok" else None

    async def serve(self, code: str, printed) -> int:
        """Run the serving statement; relay printing until the kernel ends; its exit status."""
        msg_id = self.client.execute(code, silent=True, store_history=False)
        while self.alive():
            try:
                msg = await self.client.iopub_channel.get_msg(timeout=0.05)
            except Empty:
                pass
            else:
                if msg.get("msg_type") == "stream":
                    printed(str(msg.get("content", {}).get("text", "")))
            try:
                reply = await self.client.shell_channel.get_msg(timeout=0)
            except Empty:
                continue
            if reply.get("parent_header", {}).get("msg_id") == msg_id:  # the trusted side hung up
                self.kill()
                return 0
        return self.process.wait()

    def _log_line(self) -> str:
        lines = [line.strip() for line in self._log_tail().splitlines()]
        lines = [line for line in lines if line]
        return f" ({lines[-1][:200]})" if lines else ""

    def _log_tail(self) -> str:
        try:
            with open(self.log_path, "rb") as stream:
                stream.seek(max(0, os.fstat(stream.fileno()).st_size - 8000))
                return stream.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def blames(self) -> str:
        """The file of the notebook's folder that the kernel's last words (a traceback) name, or "".

        Nothing of that folder is imported while the kernel starts (see the module docstring), so this
        should never find one; when it does, the failure is the submission's doing, said as such."""
        folder = os.path.join(os.path.realpath(self.workdir), "")
        for line in reversed(self._log_tail().splitlines()):
            start = line.find('File "')
            if start == -1:
                continue
            path = line[start + 6:].split('"', 1)[0]
            if os.path.realpath(path).startswith(folder):
                return os.path.relpath(os.path.realpath(path), folder)[:200]
        return ""


_RUNTIME: str | None = None


def _runtime_dir() -> str:
    """This worker's private folder for connection files, sockets and IPython's profile.

    It lies in the worker's temporary folder, which is its own (bubblewrap's private /tmp,
    or in limited mode a folder the trusted side made for this grade and removes with it).
    Its name is short: a Unix socket's path may not exceed 107 bytes."""
    global _RUNTIME
    if _RUNTIME is None:
        _RUNTIME = tempfile.mkdtemp(prefix="k")
    return _RUNTIME


_CLIENT = None


def _client_class():
    """jupyter_client's asynchronous client, asking the process (not a heartbeat) whether the
    kernel lives: nbclient polls that once a second while a cell runs."""
    global _CLIENT
    if _CLIENT is None:
        from jupyter_client.asynchronous import AsyncKernelClient

        class ProcessClient(AsyncKernelClient):
            process = None

            async def is_alive(self) -> bool:
                return self.process is not None and self.process.poll() is None

        _CLIENT = ProcessClient
    return _CLIENT
