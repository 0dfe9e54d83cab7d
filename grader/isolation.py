"""The trusted side of the worker: call into it, and survive whatever it does.

Student code runs in a separate, confined process (``_process`` starts it, ``_worker`` is
its program). A hang or a crash costs the check that caused it: the worker is killed with
everything it started, and a fresh one serves the next call. Calls and replies travel over
two private pipes through ``_codec``; what the worker prints is captured apart, so nothing
it prints can pose as a report.
"""

from __future__ import annotations

import builtins
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from grader import _codec
from grader import sandbox as _sandbox
from grader._process import OUTPUT_KEEP, WorkerProcess, exit_reason, signal_reason
from grader.exceptions import (
    CallTimeout,
    ImportFailed,
    MissingFunction,
    StudentBaseException,
    UnsupportedResult,
    WorkerDied,
)
from grader.feedback import format_call


@dataclass
class WorkerSpec:
    """Where the submission module lives, and the limits its worker runs under."""

    module_name: str
    module_path: Path
    import_seconds: float = 10.0
    limits: _sandbox.Limits | None = None  # None: the defaults for this machine
    box: _sandbox.Sandbox | None = None  # None: the best sandbox this machine offers
    python: str = sys.executable
    launcher: Callable | None = None  # (module_name, module_path) -> process; None: start a fresh one


FORK_SECONDS = 2.0  # for a worker to end one task's fork and start the next; not charged to the student


class Worker:
    """One live worker process speaking the call protocol."""

    forks_per_task = True  # calls run in forks of the imported module, never in the module's own process
    restarts_for_clean_slate = False  # a clean slate is a new worker instead (cheap from a fork server)

    def __init__(self, spec: WorkerSpec):
        self.spec = spec
        self._next_id = 0
        self._served: set[str] | None = None  # tasks the current fork has served; None: no fork yet
        if spec.launcher is not None:
            self.process = spec.launcher(spec.module_name, spec.module_path)
        else:
            self.process = WorkerProcess(spec.module_name, spec.module_path, spec.limits or _sandbox.limits(120),
                                         spec.box or _sandbox.current(), spec.python)
        if getattr(self.process, "restarts_cheaply", False):  # a fork of a warm template already
            self.forks_per_task, self.restarts_for_clean_slate = False, True
        self._req_w, self._resp_r = self.process.request_fd, self.process.response_fd
        os.set_blocking(self._req_w, False)  # writes honour the call's deadline too
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

    def enter(self, task: str, fresh: bool = False) -> bool:
        """Have the process that will serve ``task``'s next call ready: a fork of the imported module.

        The current fork goes on serving (forking costs a few milliseconds of CPU per task)
        unless ``fresh`` asks for a new one; a worker that restarts for a clean slate serves
        calls itself (StudentModule replaces it). True when the process that will answer has
        served another task before: a failure there may be another task's doing.
        Raises WorkerDied when this worker can no longer fork (its imported parent was stopped
        or killed by the submission): the caller then starts a fresh worker.
        """
        self.wait_ready()
        if self.forks_per_task:
            self._fork_if_needed(task, fresh)
        elif not self.restarts_for_clean_slate:
            return False
        served = self._served if self._served is not None else set()
        self._served = served | {task}
        return bool(served - {task})

    def _fork_if_needed(self, task: str, fresh: bool) -> None:
        """Read what an ended fork left; end the current fork if ``fresh``; start one if none serves."""
        deadline = time.monotonic() + FORK_SECONDS
        try:
            while self._served is not None and _codec.readable(self._resp_r):  # between calls only
                if _codec.read_frame(self._resp_r, deadline)[0].get("op") == "task_over":  # an ended fork speaks
                    self._served = None
            if self._served is not None and not fresh:
                return
            if self._served is not None:
                _codec.write_frame(self._req_w, {"op": "end"}, None, deadline)
            self._served = None
            _codec.write_frame(self._req_w, {"op": "task"}, None, deadline)
            while _codec.read_frame(self._resp_r, deadline)[0].get("op") != "forked":
                pass  # the previous fork's end (task_over), or a reply it sent too late
        except _codec.ChannelTimeout:
            self.kill()
            raise WorkerDied(f"the submission's process did not start task {task} within {FORK_SECONDS:g} s") from None
        except (_codec.ChannelClosed, _codec.CodecError, BrokenPipeError):
            raise WorkerDied(f"the submission's process could not start task {task}: {self._death_reason()}") from None
        self._served = set()

    def call(self, function: str, args: tuple, kwargs: dict, timeout: float, echo: bool = False):
        """Run one call (in the current task's fork); return (value, args after the call or None)."""
        self.wait_ready()
        call_text = format_call(function, args, kwargs)
        self._next_id += 1
        blobs = _codec.Blobs()
        request = {"op": "call", "id": self._next_id, "fn": function, "echo": echo,
                   "args": _codec.encode(list(args), blobs), "kwargs": _codec.encode(dict(kwargs), blobs)}
        deadline = time.monotonic() + timeout
        try:
            _codec.write_frame(self._req_w, request, blobs, deadline)
            reply, blob = _codec.read_frame(self._resp_r, deadline)
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
        if reply.get("op") == "task_over":  # the fork died in the call; the imported parent said how
            self._served = None
            raise WorkerDied(f"{call_text} never returned: {ended_how(reply)}")
        if reply.get("id") != self._next_id:
            self.kill()
            raise WorkerDied(f"{call_text}: the submission's process sent a reply out of turn")
        return _unpack(reply, blob, function, call_text, self.spec.module_path.name)

    def kill(self) -> None:
        self.process.kill()
        self._req_w = self._resp_r = -1

    @property
    def alive(self) -> bool:
        return self._resp_r != -1 and self.process.running()

    def _death_reason(self) -> str:
        reason = self.process.death_reason()
        self._req_w = self._resp_r = -1
        return reason


def ended_how(over: dict) -> str:
    """Why a task's fork stopped, from the ``task_over`` its parent sent."""
    if type(over.get("signal")) is int:
        return signal_reason(over["signal"])
    if type(over.get("exit")) is int:
        return exit_reason(over["exit"])
    return "the process ended"


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
    if where and type(info.get("cell")) is int:  # a notebook: the line is in a cell
        where = f" ({filename}, cell {info['cell']}, line {info['lineno']})"
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

    One fork of the imported module serves task after task while their checks pass. A check
    that fails where another task has run before (``tainted``) is run again by the suite in a
    fresh fork (``clean_slate``), so what one function leaves behind (patched neighbours, a
    thread, spent memory) cannot cost another task its marks, and a class of correct
    submissions pays for one fork each, not one per task.
    """

    spec: WorkerSpec
    timeout: float = 5.0
    budget_seconds: float | None = None  # all calls together: the manifest's submission_seconds
    budget_shares: int = 1  # tasks sharing the budget equally, so a slow task cannot starve the others
    task: str = ""  # the task whose checks are calling now (set by the suite)
    unavailable: ImportFailed | None = None  # set once the module proved it cannot be imported
    tainted: bool = False  # a call of the current check ran in a fork that served another task (reset per check)
    stubs: frozenset = frozenset()  # functions still only `pass`: they fail wherever they run, so never rerun
    _worker: Worker | None = None
    _fresh: bool = False  # the next call starts a fresh fork
    _timed_out: dict = field(default_factory=dict)
    _spent: dict = field(default_factory=dict)  # seconds of calls, per task
    _finished_output: str = ""

    def start(self) -> None:
        if self.unavailable is None and (self._worker is None or not self._worker.alive):
            self._retire()
            self._worker = Worker(self.spec)

    @property
    def output(self) -> str:
        """What the submission printed so far, across workers, capped."""
        current = self._worker.process.output if self._worker else ""
        return (self._finished_output + current)[:OUTPUT_KEEP]

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
        self._retire()

    def _retire(self) -> None:
        if self._worker is not None:
            self._worker.kill()
            self._finished_output += self._worker.process.output
            self._worker = None

    def clean_slate(self) -> None:
        """Run this task's next calls in a fresh fork, and give its timed-out functions another chance."""
        self._fresh, self.tainted = True, False
        self._timed_out = {name: why for name, why in self._timed_out.items() if why[0] != self.task}

    def _enter_task(self) -> None:
        """A fork ready for this task; a fresh worker if the old one can no longer fork."""
        if self._fresh and self._worker is not None and self._worker.restarts_for_clean_slate:
            self._retire()
        self.start()
        try:
            tainted = self._worker.enter(self.task, fresh=self._fresh)
        except WorkerDied:
            self._retire()
            self.start()
            tainted = self._worker.enter(self.task, fresh=True)
        self._fresh = False
        self.tainted |= tainted

    def _call(self, function, args, kwargs, echo):
        if self.unavailable is not None:
            raise self.unavailable
        if function in self._timed_out:
            raise CallTimeout(f"{format_call(function, args, kwargs)} was not run: {self._timed_out[function][1]}")
        timeout = self.timeout
        if self.budget_seconds is not None:
            share = self.budget_seconds / max(1, self.budget_shares)
            remaining = share - self._spent.get(self.task, 0.0)
            if remaining <= 0:
                raise CallTimeout(f"{format_call(function, args, kwargs)} was not run: this task used up its "
                                  f"share ({share:g} s) of the submission's time limit")
            timeout = min(timeout, remaining)
        try:
            self._enter_task()
        except ImportFailed as exc:
            self.unavailable = exc
            raise
        started = time.monotonic()
        try:
            return self._worker.call(function, args, kwargs, timeout, echo=echo)
        except ImportFailed as exc:
            self.unavailable = exc
            raise
        except CallTimeout as exc:
            if timeout < self.timeout:
                raise CallTimeout(f"{format_call(function, args, kwargs)} was stopped: this task used up its "
                                  f"share ({share:g} s) of the submission's time limit") from None
            self._timed_out[function] = (self.task, f"an earlier call already timed out ({exc})")
            raise
        finally:
            self._spent[self.task] = self._spent.get(self.task, 0.0) + time.monotonic() - started
