"""The trusted side of the worker: start it, call into it, and survive whatever it does.

Student code runs in a separate process (see ``_worker``) started in its own session, so a
hang or a crash is handled by killing the whole process group and starting a fresh worker
for the next call. Calls and replies travel over two private pipes through ``_codec``;
the worker's stdout and stderr are discarded, so nothing it prints can pose as a report.
"""

from __future__ import annotations

import builtins
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from grader import _codec
from grader.exceptions import (
    CallTimeout,
    ImportFailed,
    MissingFunction,
    StudentBaseException,
    UnsupportedResult,
    WorkerDied,
)
from grader.feedback import format_call

_PACKAGE_DIR = Path(__file__).resolve().parent

# Loads the grader package from its own folder only, so the worker's sys.path never
# gains the course repository (which holds the solutions and the suites).
_BOOTSTRAP = (
    "import sys, importlib.util as u\n"
    "s = u.spec_from_file_location('grader', sys.argv[1], submodule_search_locations=[sys.argv[2]])\n"
    "m = u.module_from_spec(s); sys.modules['grader'] = m; s.loader.exec_module(m)\n"
    "from grader._worker import main\n"
    "main(sys.argv[3:])\n"
)

# Environment variables the worker may see; everything else (tokens, CI secrets) is dropped.
_PASSED_ENV = ("PATH", "LANG", "LC_ALL", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


@dataclass
class WorkerSpec:
    """Where the submission module lives and how long its import may take."""

    module_name: str
    module_path: Path
    import_seconds: float = 10.0
    python: str = sys.executable


class Worker:
    """One live worker process, from spawn to kill."""

    def __init__(self, spec: WorkerSpec):
        self.spec = spec
        self._next_id = 0
        req_r, self._req_w = os.pipe()
        self._resp_r, resp_w = os.pipe()
        env = {k: os.environ[k] for k in _PASSED_ENV if k in os.environ}
        env.update(HOME=str(spec.module_path.parent), PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1",
                   OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
        try:
            self._proc = subprocess.Popen(
                [spec.python, "-s", "-P", "-c", _BOOTSTRAP,
                 str(_PACKAGE_DIR / "__init__.py"), str(_PACKAGE_DIR),
                 spec.module_name, str(spec.module_path), str(req_r), str(resp_w)],
                cwd=spec.module_path.parent, env=env, pass_fds=(req_r, resp_w),
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        finally:
            os.close(req_r)
            os.close(resp_w)
        self._ready_deadline = time.monotonic() + spec.import_seconds
        self._import_error: ImportFailed | None = None
        self._ready = False

    def wait_ready(self) -> None:
        """Block until the submission is imported; raise ImportFailed (and stay failed)."""
        if self._ready:
            return
        if self._import_error is not None:
            raise self._import_error
        try:
            message, _ = _codec.read_frame(self._resp_r, self._ready_deadline)
        except _codec.ChannelTimeout:
            self.kill()
            self._import_error = ImportFailed(
                f"importing {self.spec.module_path.name} did not finish within "
                f"{self.spec.import_seconds:g} s: is there a loop or a long computation at module level?")
            raise self._import_error from None
        except (_codec.ChannelClosed, _codec.CodecError):
            reason = self._death_reason()
            self._import_error = ImportFailed(f"importing {self.spec.module_path.name} failed: {reason}")
            raise self._import_error from None
        if message.get("op") == "ready":
            self._ready = True
            return
        self.kill()
        self._import_error = ImportFailed(_import_error_text(self.spec.module_path.name, message))
        raise self._import_error

    def call(self, function: str, args: tuple, kwargs: dict, timeout: float, echo: bool = False):
        """Run one call; return (value, args after the call or None)."""
        self.wait_ready()
        call_text = format_call(function, args, kwargs)
        self._next_id += 1
        blobs = _codec.Blobs()
        request = {"op": "call", "id": self._next_id, "fn": function, "echo": echo,
                   "args": _codec.encode(list(args), blobs), "kwargs": _codec.encode(dict(kwargs), blobs)}
        try:
            _codec.write_frame(self._req_w, request, blobs)
            reply, blob = _codec.read_frame(self._resp_r, time.monotonic() + timeout)
        except _codec.ChannelTimeout:
            self.kill()
            raise CallTimeout(
                f"{call_text} did not return within {timeout:g} s (an endless loop, or far too much work?); "
                "it was stopped") from None
        except (_codec.ChannelClosed, BrokenPipeError):
            raise WorkerDied(f"{call_text} never returned: {self._death_reason()}") from None
        except _codec.CodecError as exc:
            self.kill()
            raise WorkerDied(f"{call_text}: the submission's process sent an unreadable reply ({exc})") from None
        if reply.get("id") != self._next_id:
            self.kill()
            raise WorkerDied(f"{call_text}: the submission's process sent a reply out of turn")
        return _unpack(reply, blob, function, call_text, self.spec.module_path.name)

    def kill(self) -> None:
        """Kill the worker and everything it started in its session."""
        try:  # even after the leader exited: its children may still be in the group
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._proc.wait()
        for fd in (self._req_w, self._resp_r):
            try:
                os.close(fd)
            except OSError:
                pass
        self._req_w = self._resp_r = -1

    @property
    def alive(self) -> bool:
        return self._resp_r != -1 and self._proc.poll() is None

    def _death_reason(self) -> str:
        try:
            code = self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            return "its process stopped answering and was killed"
        self.kill()
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            what = {"SIGSEGV": "crashed with a segmentation fault", "SIGKILL": "was killed (out of memory?)",
                    "SIGABRT": "aborted"}.get(name, "was stopped by a signal")
            return f"the process {what} ({name})"
        return f"the process exited with status {code} (os._exit or sys.exit outside a function call?)"


def _unpack(reply: dict, blob: bytes, function: str, call_text: str, filename: str):
    if "ok" in reply:
        try:
            value = _codec.decode(reply["ok"], blob)
            args_after = _codec.decode(reply["args"], blob) if "args" in reply else None
        except _codec.CodecError as exc:
            raise UnsupportedResult(f"{call_text} returned a value the grader cannot read ({exc})") from None
        return value, args_after
    if "missing" in reply:
        raise MissingFunction(f"{filename} does not define a function named {function}")
    if "unsupported" in reply:
        raise UnsupportedResult(f"{call_text} returned an unsupported type: {reply['unsupported']}. "
                                "Return plain Python numbers, bools, lists or numpy arrays.")
    if "raised" in reply:
        raise _rebuild(reply["raised"], call_text, filename)
    raise WorkerDied(f"{call_text}: the submission's process sent a reply the grader does not understand")


def _rebuild(info: dict, call_text: str, filename: str) -> BaseException:
    """The student's exception as its nearest built-in type, tagged with where it came from."""
    name, message = str(info.get("name", "Exception")), str(info.get("message", ""))
    where = f" ({filename}, line {info['lineno']})" if type(info.get("lineno")) is int else ""
    cls = getattr(builtins, str(info.get("type")), None)
    if not (isinstance(cls, type) and issubclass(cls, BaseException)) or not issubclass(cls, Exception):
        return StudentBaseException(f"{call_text} raised {name}{where}: {message}".rstrip(": "))
    for candidate in cls.__mro__:
        try:
            exc = candidate(message)
            break
        except Exception:  # noqa: BLE001 - e.g. UnicodeDecodeError needs five arguments
            continue
    exc.grader_call = call_text
    exc.grader_text = f"{call_text} raised {name}{where}: {message}".rstrip(": ")
    return exc


def _import_error_text(filename: str, info: dict) -> str:
    where = f", line {info['lineno']}" if type(info.get("lineno")) is int else ""
    text = f"{filename} could not be imported ({info.get('name', 'Exception')}{where}): {info.get('message', '')}"
    if info.get("line"):
        text += f"\n    {str(info['line']).strip()}"
    return text


@dataclass
class StudentModule:
    """What checks call: ``student.causal_mask(5)`` runs in the worker and returns plain data.

    Replaces a dead or hung worker on the next call, and after a function has timed out
    fails its later calls at once, so a hanging function costs one time limit, not one per check.
    """

    spec: WorkerSpec
    timeout: float = 5.0
    unavailable: ImportFailed | None = None  # set once the module proved it cannot be imported
    _worker: Worker | None = None
    _timed_out: dict = field(default_factory=dict)

    def start(self) -> None:
        if self.unavailable is None and (self._worker is None or not self._worker.alive):
            self._worker = Worker(self.spec)

    def call(self, function: str, *args, **kwargs):
        return self._call(function, args, kwargs, echo=False)[0]

    def call_echo(self, function: str, *args, **kwargs):
        """Call and also return the arguments as the function left them (to catch mutation)."""
        return self._call(function, args, kwargs, echo=True)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.call(name, *args, **kwargs)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.kill()
            self._worker = None

    def _call(self, function, args, kwargs, echo):
        if self.unavailable is not None:
            raise self.unavailable
        if function in self._timed_out:
            raise CallTimeout(f"{format_call(function, args, kwargs)} was not run: {self._timed_out[function]}")
        self.start()
        try:
            return self._worker.call(function, args, kwargs, self.timeout, echo=echo)
        except ImportFailed as exc:
            self.unavailable = exc
            raise
        except CallTimeout as exc:
            self._timed_out[function] = f"an earlier call already timed out ({exc})"
            raise
