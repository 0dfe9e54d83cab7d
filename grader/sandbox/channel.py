"""The trusted end of one worker's channel: wait for its import, fork per task, call.

Student code runs in a separate, confined process (``spawn`` or ``forkserver`` starts it,
``inside/worker`` is its program). Calls and replies travel over two private pipes through
``codec``; what the worker prints is captured apart, so nothing it prints can pose as a
report. A channel serves one process: when that process hangs or dies, the call raises
(``CallTimeout``, ``WorkerDied``) and ``proxy.StudentModule`` starts another.

The submission can write on the reply pipe too (it finds it in ``/proc/self/fd``), so a
frame is believed only as the answer to a request: every request (the start-up ``hello``,
each ``task``, each call) carries a nonce of its own, drawn when it is sent, and the one
frame read for it must carry that nonce back. A frame written before the request cannot
know it; a frame that answers nothing, or that waits on the pipe between requests, is the
submission's misbehaviour (``OutOfTurn``): the call it reaches fails, saying so.

An observed call (``call_observed``: the value and what the call computed on the way, read by
``observation``) and a batch (``call_many``: many calls, one round trip, one deadline, read by
``replies``) are requests like a call, with the same nonce, deadline and failures (``_exchange``).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from grader.describe import CallText
from grader.exceptions import CallTimeout, CanaryFailed, ImportFailed, UnsupportedResult, WorkerDied
from grader.sandbox import codec
from grader.sandbox.confine import Limits, Sandbox
from grader.sandbox.inside.canary import ANSWER
from grader.sandbox.observation import Observation, parse
from grader.sandbox.process import WorkerProcess
from grader.sandbox.replies import MAX_BATCH, BatchResult, batch_text, ended_how, unpack, unpack_many
from grader.sandbox.replies import student_raise as student_raise  # where the grading modules import it from
from grader.sandbox.spawn import SpawnedProcess
from grader.submission.failures import import_error, module_names
from grader.submission.source import analyse


@dataclass
class WorkerSpec:
    """Where the submission module lives, and the limits its worker runs under."""

    module_name: str
    module_path: Path
    import_seconds: float  # the lesson's: for the import (a notebook: for running its cells)
    limits: Limits
    box: Sandbox
    launcher: Launcher | None = None  # None: a fresh SpawnedProcess per worker
    python: str = sys.executable
    ready_seconds: float | None = None  # a notebook: after its cells' report, for its kernel to start serving


class Launcher(Protocol):
    """Starts the worker process for a module: a fresh interpreter, or a fork of a template."""

    def __call__(self, module_name: str, module_path: Path) -> WorkerProcess: ...


FORK_SECONDS = 2.0  # for a worker to end one task's fork and start the next (proxy: charged when it fails)
OUT_OF_TURN = "a frame that answers no request the grader sent"


class OutOfTurn(WorkerDied):
    """The submission wrote on the protocol pipe: a frame that answers no request (see the module
    docstring). The call it reaches fails with this reason; it is never taken for a worker that
    merely died, so it is not retried in a fresh one either."""


def nonce() -> str:
    """A request's id: unpredictable, so that no frame written before the request can answer it."""
    return os.urandom(8).hex()  # secrets.token_hex's bytes, without hmac and hashlib to import


class WorkerChannel:
    """The call protocol, spoken to one live worker process."""

    forks_per_task = True  # calls run in forks of the imported module, never in the module's own process
    hello_at_start = True  # the start-up request goes out at once (a notebook sends it after its cells' report)
    canary_first = True  # the worker answers the hello with the canary before it imports (inside/worker)

    def __init__(self, spec: WorkerSpec):
        self.spec = spec
        self._served: set[str] | None = None  # tasks the current fork has served; None: no fork yet
        self._task = ""  # the nonce of the task the current fork serves (its end, task_over, carries it)
        self._hello = nonce()
        self._proven = not self.canary_first
        try:
            if spec.launcher is not None:
                self.process: WorkerProcess = spec.launcher(spec.module_name, spec.module_path)
            else:
                self.process = SpawnedProcess(spec.module_name, spec.module_path, spec.limits, spec.box, spec.python)
        except WorkerDied as exc:  # no process, so nothing of the submission ran: the sandbox's failure
            raise CanaryFailed(str(exc)) from None
        self._req_w, self._resp_r = self.process.request_fd, self.process.response_fd
        os.set_blocking(self._req_w, False)  # writes honour the call's deadline too
        self._started = time.monotonic()
        self._ready_deadline = self._started + spec.import_seconds
        self.import_took = 0.0  # seconds from the start to ``ready``: what starting such a worker again costs
        self._import_error: ImportFailed | None = None
        self._ready = False
        self.stand_ins: tuple[str, ...] = ()  # modules the worker stood in for (its ``ready``; checked)
        if self.hello_at_start:
            self._say_hello()

    def _say_hello(self) -> None:
        """The start-up request: the worker answers it with ``ready`` (or why not) once it can serve."""
        try:
            codec.write_frame(self._req_w, {"op": "hello", "id": self._hello}, None, self._ready_deadline)
        except (codec.ChannelTimeout, OSError):
            pass  # a worker that is gone already: reading its answer says how

    def prove(self) -> None:
        """Block until the worker has run the grader's canary (before it imports anything of the
        submission); raise CanaryFailed, saying why, when it did not."""
        if self._proven:
            return
        try:
            message, blob = self._answer(self._hello, self._ready_deadline)
        except codec.ChannelTimeout:
            self.kill()
            raise CanaryFailed(f"the sandboxed worker did not start within {self.spec.import_seconds:g} s (is the "
                               "machine overloaded?)", slow=True) from None
        except OutOfTurn:  # nothing of the submission has run: the worker itself sent nonsense
            self.kill()
            raise CanaryFailed("the sandboxed worker sent a frame that answers no request") from None
        except (codec.ChannelClosed, codec.CodecError, OSError):
            reason = self.process.death_reason()
            said = [line.strip() for line in self.process.output.splitlines() if line.strip()]
            self._req_w = self._resp_r = -1
            raise CanaryFailed(said[-1][:300] if said else f"the sandboxed worker ended: {reason}") from None
        if message.get("op") == "unconfined":
            self.kill()
            raise CanaryFailed(str(message.get("message", ""))[:300] or "the worker could not confine itself",
                               message.get("step") == "uid", self.process.uid)
        problem, switching = _canary_problem(message, blob, self.process.uid)
        if problem:
            self.kill()
            raise CanaryFailed(problem, switching, self.process.uid)
        self._proven = True

    def _resume(self) -> None:
        """A reply is late: continue what of the worker's tree the submission stopped (``process.resume_stopped``)."""
        resume = getattr(self.process, "resume", None)
        if resume is not None:
            resume()

    def wait_ready(self) -> None:
        """Block until the submission is imported; raise ImportFailed (and stay failed), or
        CanaryFailed when the worker never got as far as the submission."""
        if self._ready:
            return
        if self._import_error is not None:
            raise self._import_error
        self.prove()
        try:
            message = self._start_up_message()
        except codec.ChannelTimeout:
            self.kill()
            self._import_error = ImportFailed(self._too_slow())
            raise self._import_error from None
        except OutOfTurn:
            self.kill()
            self._import_error = ImportFailed(f"{self.spec.module_path.name} could not be started: the submission's "
                                              f"process sent a frame out of turn while it started ({OUT_OF_TURN})")
            raise self._import_error from None
        except (codec.ChannelClosed, codec.CodecError):
            self._import_error = ImportFailed(self._died(self._death_reason()))
            raise self._import_error from None
        if message.get("op") == "ready":
            self._ready, self.import_took = True, time.monotonic() - self._started
            self.stand_ins = module_names(message.get("stand_ins"))
            return
        self.kill()
        self._import_error = self._refused(message)
        raise self._import_error

    # What a kind of worker says while it starts up; a notebook's channel says it its own way.

    def _start_up_message(self) -> dict:
        """The frame that ends the start-up: ``ready``, or why the submission cannot serve; it must
        answer the ``hello`` (OutOfTurn otherwise)."""
        return self._answer(self._hello, self._ready_deadline)[0]

    def _answer(self, request: str, deadline: float) -> tuple[dict, bytes]:
        """The next frame on the reply pipe, which must carry ``request``'s nonce; OutOfTurn if it does not."""
        message, blob = codec.read_frame(self._resp_r, deadline, late=self._resume)
        if message.get("id") != request:
            raise OutOfTurn(OUT_OF_TURN)
        return message, blob

    def _is_task_over(self, message: dict) -> bool:
        """Whether ``message`` is the imported parent's report that the current task's fork ended."""
        return self.forks_per_task and bool(self._task) and message.get("op") == "task_over" \
            and message.get("id") == self._task

    def _quiet_between_requests(self, before: str) -> dict | None:
        """Nothing may wait on the reply pipe when no request is pending: such a frame answers none
        (OutOfTurn, naming ``before``), except a fork's end, which its imported parent reports
        (then returned)."""
        ended = None
        while self._resp_r != -1 and codec.readable(self._resp_r):
            try:
                message = codec.read_frame(self._resp_r, time.monotonic() + FORK_SECONDS, late=self._resume)[0]
            except codec.ChannelClosed:
                return  # the process is gone: the request's answer says how
            except (codec.ChannelTimeout, codec.CodecError):
                message = {}
            if self._is_task_over(message):
                self._served, self._task, ended = None, "", message  # the fork ended between calls
                continue
            self.kill()
            raise OutOfTurn(f"{before} was not run: the submission's process sent a frame out of turn before it "
                            f"({OUT_OF_TURN}); it was stopped")
        return ended

    def _too_slow(self) -> str:
        return (f"importing {self.spec.module_path.name} did not finish within {self.spec.import_seconds:g} s: "
                "is there a loop or a long computation at module level?")

    def _died(self, reason: str) -> str:
        return f"importing {self.spec.module_path.name} failed: {reason}"

    def _refused(self, message: dict) -> ImportFailed:
        """Why the module did not import, in words, with the engine's diagnosis when there is one
        (``grader.submission.failures``: the source, read again here, tells a demo line from an import)."""
        text, code = import_error(self.spec.module_path.name, message, analyse(self.spec.module_path))
        return ImportFailed(text, diagnosis=code)

    def enter(self, task: str, fresh: bool = False) -> bool:
        """Have the process that will serve ``task``'s next call ready: a fork of the imported module.

        The current fork goes on serving (forking costs a few milliseconds of CPU per task)
        unless ``fresh`` asks for a new one, whoever started the worker: a fork server's worker
        too, for a new worker from the template cost its import again (and a copy, a canary, a
        sweep), several times per wrong submission. True when the process that will answer has
        served another task before: a failure there may be another task's doing.
        Raises WorkerDied when this worker can no longer fork (its imported parent was stopped
        or killed by the submission): the caller then starts a fresh worker.
        """
        self.wait_ready()
        if not self.forks_per_task:  # a notebook's kernel: its tasks share it (SECURITY.md)
            return False
        self._fork_if_needed(task, fresh)
        served = self._served if self._served is not None else set()
        self._served = served | {task}
        return bool(served - {task})

    def _fork_if_needed(self, task: str, fresh: bool) -> None:
        """Read what an ended fork left; end the current fork if ``fresh``; start one if none serves."""
        deadline = time.monotonic() + FORK_SECONDS
        self._quiet_between_requests(f"task {task}")
        try:
            if self._served is not None and not fresh:
                return
            if self._served is not None:  # its imported parent answers for it: task_over, with the task's nonce
                codec.write_frame(self._req_w, {"op": "end"}, None, deadline)
                if self._answer(self._task, deadline)[0].get("op") != "task_over":
                    raise OutOfTurn(OUT_OF_TURN)
            self._served, self._task = None, nonce()
            codec.write_frame(self._req_w, {"op": "task", "id": self._task}, None, deadline)
            if self._answer(self._task, deadline)[0].get("op") != "forked":
                raise OutOfTurn(OUT_OF_TURN)
        except OutOfTurn:
            self.kill()
            raise OutOfTurn(f"the submission's process sent a frame out of turn while task {task} started "
                            f"({OUT_OF_TURN}); it was stopped") from None
        except codec.ChannelTimeout:
            self.kill()
            raise WorkerDied(f"the submission's process did not start task {task} within {FORK_SECONDS:g} s") from None
        except (codec.ChannelClosed, codec.CodecError, BrokenPipeError):
            raise WorkerDied(f"the submission's process could not start task {task}: {self._death_reason()}") from None
        self._served = set()

    def call(self, function: str, args: tuple, kwargs: dict, timeout: float, echo: bool = False,
             summary: bool = False):
        """Run one call (in the current task's fork); return (value, args after the call or None). ``summary``:
        the value's facts instead (``grader.sandbox.summary``), as the worker sent them."""
        call_text = CallText(function, args, kwargs)
        blobs = codec.Blobs()
        request = {"op": "call", "fn": function, "echo": echo, "summary": summary,
                   "args": codec.encode(list(args), blobs), "kwargs": codec.encode(dict(kwargs), blobs)}
        reply, blob = self._exchange(call_text, request, blobs, timeout)
        return unpack(reply, blob, function, call_text, self.spec.module_path.name)

    def call_observed(self, function: str, args: tuple, kwargs: dict, timeout: float,
                      perturb: dict | None = None) -> tuple[object, Observation]:
        """Run one call under the worker's profiler: (value, what it computed on the way). What it
        raises carries the observation up to the raise (``grader_observed``)."""
        call_text = CallText(function, args, kwargs)
        blobs = codec.Blobs()
        request = {"op": "call", "fn": function, "observe": True, "perturb": perturb,
                   "args": codec.encode(list(args), blobs), "kwargs": codec.encode(dict(kwargs), blobs)}
        reply, blob = self._exchange(call_text, request, blobs, timeout)
        observed = parse(reply.get("observed"), blob)
        try:
            value, _ = unpack(reply, blob, function, call_text, self.spec.module_path.name)
        except BaseException as exc:
            if "observed" in reply:
                exc.grader_observed = observed
            raise
        return value, observed

    def call_many(self, function: str, calls: list[tuple[tuple, dict]], timeout: float, ahead: bool = False,
                  change: bool = False) -> list[BatchResult]:
        """Run the calls one after the other in one process and one round trip, all within ``timeout``;
        ``ahead``: the worker stops at the first call that is not plainly returned (the rest ``skipped``);
        ``change``: the worker changes each returned array in place once it is sent, as a caller may."""
        if len(calls) > MAX_BATCH:
            raise ValueError(f"a batch holds at most {MAX_BATCH} calls, not {len(calls)}")
        blobs = codec.Blobs()
        request = {"op": "call", "fn": function,
                   "batch": [[codec.encode(list(args), blobs), codec.encode(dict(kwargs), blobs)]
                             for args, kwargs in calls]}
        if ahead:
            request["ahead"] = True
        if change:
            request["change"] = True
        reply, blob = self._exchange(batch_text(function, calls), request, blobs, timeout)
        return unpack_many(reply, blob, function, calls, self.spec.module_path.name, ahead=ahead)

    def _exchange(self, call_text: str, request: dict, blobs: codec.Blobs, timeout: float) -> tuple[dict, bytes]:
        """Send a call request (it gets its nonce here) and read its reply, both within ``timeout``."""
        self.wait_ready()
        ended = self._quiet_between_requests(call_text)
        if ended is not None:  # since enter(): the imported process must not serve the call itself
            raise WorkerDied(f"{call_text} was not run: the process for its task had ended ({ended_how(ended)})")
        request["id"] = nonce()
        deadline = time.monotonic() + timeout
        try:
            codec.write_frame(self._req_w, request, blobs, deadline)
            reply, blob = codec.read_frame(self._resp_r, deadline, codec.MAX_REPLY_BYTES, codec.MAX_REPLY_DOCUMENT,
                                           late=self._resume)
        except codec.FrameTooLarge as exc:  # never kept: the trusted process would hold it, and copies of it
            try:  # read past it, a megabyte at a time, so the worker serves the next call (no import again)
                codec.skip(self._resp_r, exc.size, deadline)
            except (codec.ChannelTimeout, codec.ChannelClosed, OSError):
                self.kill()
            raise UnsupportedResult(too_large(call_text, exc.size, exc.limit), oversized=True) from None
        except codec.ChannelTimeout:
            self.kill()
            raise CallTimeout(
                f"{call_text} did not return within {timeout:g} s (an endless loop, or far too much work?); "
                "it was stopped") from None
        except (codec.ChannelClosed, BrokenPipeError):
            raise WorkerDied(f"{call_text} never returned: {self._death_reason()}") from None
        except codec.CodecError as exc:
            self.kill()
            raise WorkerDied(f"{call_text}: the submission's process sent an unreadable reply ({exc})") from None
        if self._is_task_over(reply):
            self._served, self._task = None, ""  # the fork died in the call; the imported parent said how
            raise WorkerDied(f"{call_text} never returned: {ended_how(reply)}")
        if reply.get("id") != request["id"]:
            self.kill()
            raise OutOfTurn(f"{call_text}: the submission's process sent a reply out of turn ({OUT_OF_TURN}); "
                            "it was stopped")
        return reply, blob

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


def too_large(call_text: str, size: int, limit: int) -> str:
    """Why a reply over ``codec.MAX_REPLY_BYTES`` (or a document over ``MAX_REPLY_DOCUMENT``) is refused."""
    return (f"{call_text} returned a value of {size / (1 << 20):.1f} MiB: far more than any answer of this lesson "
            f"(the grader reads at most {limit / (1 << 20):g} MiB of such a value back from one call), so it is wrong")


def _canary_problem(message: dict, blob: bytes, uid: int | None) -> tuple[str, bool]:
    """What is wrong with a worker's canary frame ("" when nothing) and whether it is the user it
    ran as: the canary's value, and that user (the one the submission's code would run as)."""
    if message.get("op") != "canary" or "ok" not in message:
        return "the canary's call did not return", False
    try:
        value = codec.decode(message["ok"], blob)
    except codec.CodecError as exc:
        return f"the canary's reply cannot be read ({exc})", False
    if type(value) is not int or value != ANSWER:
        return f"the canary returned {str(value)[:50]} ({codec.type_name(value)}) instead of {ANSWER}", False
    if uid is not None and message.get("uid") != uid:
        return f"the canary ran as uid {str(message.get('uid'))[:20]}, not as uid {uid}", True
    return "", False
