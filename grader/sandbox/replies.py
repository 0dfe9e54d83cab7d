"""What a worker's reply to a call means: the value, or the exception to raise, rebuilt from data.

Split from ``channel`` (which speaks the protocol) so that both the single call's reply and a
batch's (``StudentModule.call_many``: one result per call, in order) are read by the same
code: a raise in the middle of a batch is rebuilt exactly as the same call's raise would be
on its own, ``grader_text`` and ``grader_frames`` included. Nothing here trusts the reply: a
field of the wrong type is a reply the grader does not understand.
"""

from __future__ import annotations

import builtins
from typing import NamedTuple

from grader.describe import CallText, format_call
from grader.exceptions import (
    MissingFunction,
    StudentBaseException,
    UnsupportedResult,
    WorkerDied,
)
from grader.sandbox import codec
from grader.sandbox.inside.endings import exit_reason, signal_reason
from grader.submission.failures import frames_of

MAX_BATCH = 500  # calls in one batch: a reply frame is bounded by the codec, a batch's length here


class BatchResult(NamedTuple):
    """One call's result in a batch: ``("returned", value)``, ``("raised", exc)`` (the exception a
    single call would raise), ``("unsupported", message)`` (a value that cannot cross) or, in a batch
    asked ahead only, ``("skipped", None)`` (not run: the grader asks it singly)."""

    kind: str
    value: object


def batch_text(function: str, calls: list) -> BatchText:
    """A batch named for messages: how many calls, and the first (written when a message reads it)."""
    return BatchText(function, calls)


class BatchText(CallText):
    """``batch_text``'s words, written only when a message first reads them, as ``CallText`` does for one call:
    most batches return without a word said, and formatting their first call's arrays anyway, three times per
    batch, was a twentieth of a grade's time."""

    __slots__ = ("_count",)

    def __init__(self, function: str, calls: list):
        super().__init__(function, *(calls[0] if calls else ()))
        self._count = len(calls)

    def __str__(self) -> str:
        if self._text is None:
            function, count = self._call[0], self._count
            first = format_call(*self._call)
            self._text = f"a batch of {count} call{'s' if count != 1 else ''} of {function} (the first: {first})"
        return self._text


def unpack_many(reply: dict, blob: bytes, function: str, calls: list, filename: str,
                ahead: bool = False) -> list[BatchResult]:
    """One BatchResult per call of ``calls``, from a batch's reply (MissingFunction for the whole
    batch; WorkerDied when the reply is not one result per call, or skips a call of a batch not asked ahead)."""
    text = batch_text(function, calls)
    if "missing" in reply:
        raise MissingFunction(f"{filename} does not define a function named {function}")
    results = reply.get("results")
    if type(results) is not list or len(results) != len(calls) or not all(type(r) is dict for r in results):
        raise WorkerDied(f"{text}: the submission's process sent a reply the grader does not understand")
    out = []
    for result, (args, kwargs) in zip(results, calls, strict=True):
        if "skipped" in result:  # a batch asked ahead stopped before it (``worker._answer_batch``)
            if not ahead or result["skipped"] is not True:  # every call of any other batch is owed its result
                raise WorkerDied(f"{text}: the submission's process sent a reply the grader does not understand")
            out.append(BatchResult("skipped", None))
            continue
        try:
            value, _ = unpack(result, blob, function, CallText(function, args, kwargs), filename)  # written if said
        except (MissingFunction, WorkerDied):  # neither is one call's result
            raise WorkerDied(f"{text}: the submission's process sent a reply the grader does not understand") from None
        except UnsupportedResult as exc:
            out.append(BatchResult("unsupported", str(exc)))
        except BaseException as exc:  # noqa: BLE001 - the call's raise, rebuilt as a single call's
            out.append(BatchResult("raised", exc))
        else:
            out.append(BatchResult("returned", value))
    return out


def ended_how(over: dict) -> str:
    """Why a task's fork stopped, from the ``task_over`` its parent sent."""
    if type(over.get("signal")) is int:
        return signal_reason(over["signal"])
    if type(over.get("exit")) is int:
        return exit_reason(over["exit"])
    return "the process ended"


def unpack(reply: dict, blob: bytes, function: str, call_text: str, filename: str):
    if "ok" in reply:
        try:
            value = codec.decode(reply["ok"], blob)
            args_after = codec.decode(reply["args"], blob) if "args" in reply else None
        except codec.CodecError as exc:
            raise UnsupportedResult(f"{call_text} returned a value the grader cannot read ({exc})") from None
        return value, args_after
    if "missing" in reply:
        raise MissingFunction(f"{filename} does not define a function named {function}")
    if "unsupported" in reply:
        raise UnsupportedResult(f"{call_text} returned an unsupported type: {reply['unsupported']}. "
                                "Return plain Python numbers, bools, lists or numpy arrays.")
    if "raised" in reply:
        raise rebuild(reply["raised"], call_text, filename)
    raise WorkerDied(f"{call_text}: the submission's process sent a reply the grader does not understand")


def rebuild(info: dict, call_text: str, filename: str) -> BaseException:
    """The student's exception as its nearest built-in type, tagged with where it came from: the
    call, the line, and the functions of the submission it passed through (``grader_frames``,
    outermost first), so that a check can tell "the error comes from your prefill_flops"."""
    name, message, call_text = str(info.get("name", "Exception")), str(info.get("message", "")), str(call_text)
    frames = tuple((function, lineno) for function, lineno, _ in frames_of(info))
    called = call_text.split("(", 1)[0]
    inner = frames[-1][0] if frames and frames[-1][0] not in (called, "<module>") else ""
    where = f" ({filename}, line {info['lineno']}{f', in {inner}' if inner else ''})" \
        if type(info.get("lineno")) is int else ""
    if where and type(info.get("cell")) is int:  # a notebook: the line is in a cell
        where = f" ({filename}, cell {info['cell']}, line {info['lineno']}{f', in {inner}' if inner else ''})"
    cls = getattr(builtins, str(info.get("type")), None)
    if not (isinstance(cls, type) and issubclass(cls, BaseException)) or not issubclass(cls, Exception):
        exc = StudentBaseException(f"{call_text} raised {name}{where}: {message}".rstrip(": "))
        exc.grader_frames = frames
        return exc
    for candidate in cls.__mro__:
        try:
            exc = candidate(message)
            break
        except Exception:  # noqa: BLE001, S112 - e.g. UnicodeDecodeError needs five arguments
            continue
    exc.grader_call = call_text
    exc.grader_text = f"{call_text} raised {name}{where}: {message}".rstrip(": ")
    exc.grader_frames = frames
    return exc


def student_raise(exc: BaseException) -> str | None:
    """The report's sentence about an exception the submission raised in a call (rebuilt here as
    its nearest built-in type, see ``rebuild``), or None for an exception of any other origin."""
    text = getattr(exc, "grader_text", None)
    return text if isinstance(text, str) else None
