"""The submission's module as checks call it, every answer kept for ``grader.grading.models.Diagnose``.

``Observed`` stands between the ``student`` fixture and the worker: each call a check makes is recorded as an
``Outcome`` (returned, raised, timed out, ...) under its arguments, so that a probe a check has made already is
never asked again, and a failing check can read what the function answered on every call it was asked
(``Diagnose.answered``). ``ending`` classifies a call that did not return the way ``run`` (models.py) classifies a
model's raise, by the nearest built-in exception class, as the worker reports it.
"""

from __future__ import annotations

import builtins

import numpy as np

from grader.checks import Outcome, equal_values
from grader.exceptions import CallTimeout, ImportFailed, MissingFunction, StudentCodeError, UnsupportedResult
from grader.grading.guard import guard
from grader.sandbox.channel import student_raise


def builtin_name(exc: BaseException) -> str:
    """The name a student's exception of this type is reported by: its nearest built-in class."""
    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return "Exception"


def _same_argument(before, after) -> bool:
    """Whether a call left an argument as it was given (an array: every cell, NaN included)."""
    if isinstance(before, np.ndarray) or isinstance(after, np.ndarray):
        if not (isinstance(before, np.ndarray) and isinstance(after, np.ndarray)) or before.shape != after.shape:
            return False
        try:
            return bool(np.array_equal(before, after, equal_nan=before.dtype.kind in "fc"))
        except TypeError:
            return False
    return equal_values(before, after)


def message_of(exc: BaseException) -> str:
    """An exception's message as the worker sends it (its first argument), cut to 300 characters."""
    try:
        text = str(exc.args[0]) if len(exc.args) == 1 else str(exc) if exc.args else ""
    except Exception:  # noqa: BLE001 - a message that cannot be read is no message
        return ""
    return text[:300]


def changed_arguments(before, after) -> tuple[bool, ...]:
    return tuple(not _same_argument(b, a) for b, a in zip(before, after, strict=False))


def ending(exc: BaseException) -> Outcome:
    """The outcome of a call into student code that did not return (KeyboardInterrupt is re-raised)."""
    if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, StudentCodeError):
        raise exc
    if student_raise(exc) is not None:
        return Outcome("raised", error=builtin_name(exc), message=message_of(exc))
    if isinstance(exc, (ImportFailed, MissingFunction)):
        return Outcome("unavailable")
    if isinstance(exc, CallTimeout):
        return Outcome("timeout")
    if isinstance(exc, UnsupportedResult):
        return Outcome("unsupported")
    return Outcome("failed")


class Observed:
    """The submission's module as the ``student`` fixture sees it, each answer also recorded for
    ``Diagnose`` (so a probe a check has made already is never asked again)."""

    def __init__(self, student, diagnose):  # a grader.grading.models.Diagnose
        self._student = student
        self._diagnose = diagnose

    def call(self, function: str, *args, **kwargs):
        guard(self._diagnose.lesson, function, args, kwargs)
        try:
            value = self._student.call(function, *args, **kwargs)
        except BaseException as exc:
            self._record_ending(function, args, kwargs, exc)
            raise
        self._diagnose.record(function, args, kwargs, Outcome("returned", value))
        return value

    def call_sized(self, size: str, function: str, *args, **kwargs):
        """A call a check labelled with its size (``grader.checks.SizedCalls``), recorded as ``call``'s."""
        guard(self._diagnose.lesson, function, args, kwargs)
        try:
            value = self._student.call_sized(size, function, *args, **kwargs)
        except BaseException as exc:
            self._record_ending(function, args, kwargs, exc)
            raise
        self._diagnose.record(function, args, kwargs, Outcome("returned", value))
        return value

    def call_summary(self, size: str, function: str, *args, **kwargs):
        """The facts of a value too large to send back (``StudentModule.call_summary``); not recorded (no value
        to model)."""
        guard(self._diagnose.lesson, function, args, kwargs)
        try:
            return self._student.call_summary(size, function, *args, **kwargs)
        except BaseException as exc:
            self._record_ending(function, args, kwargs, exc)
            raise

    def call_echo(self, function: str, *args, **kwargs):
        guard(self._diagnose.lesson, function, args, kwargs)
        try:
            value, after = self._student.call_echo(function, *args, **kwargs)
        except BaseException as exc:
            self._record_ending(function, args, kwargs, exc)
            raise
        changed = changed_arguments(args, list(after)[:len(args)])
        self._diagnose.record(function, args, kwargs, Outcome("returned", value, changed=changed))
        return value, after

    def call_observed(self, function: str, args: tuple, kwargs: dict, perturb: dict | None = None):
        """(value, Observation) of one call run under the worker's profiler (``StudentModule.call_observed``),
        or None where the submission runs without one (a student bundle's replay). A perturbed call's
        answer is not the function's own, so it is never recorded for ``Diagnose``."""
        guard(self._diagnose.lesson, function, args, kwargs)
        observe = getattr(self._student, "call_observed", None)
        if observe is None:
            return None
        try:
            value, seen = observe(function, tuple(args), dict(kwargs), perturb=perturb)
        except BaseException as exc:
            if perturb is None:
                self._record_ending(function, args, kwargs, exc)
            raise
        if perturb is None:
            self._diagnose.record(function, args, kwargs, Outcome("returned", value))
        return value, seen

    def _record_ending(self, function: str, args, kwargs, exc: BaseException) -> None:
        if not isinstance(exc, KeyboardInterrupt) or isinstance(exc, StudentCodeError):
            self._diagnose.record(function, args, kwargs, ending(exc))
