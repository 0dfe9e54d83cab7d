"""Helpers for writing checks: turn a returned value into a number or array, or fail clearly.

Checks must look at a student's value before computing with it: a None, a string or an int
of 400 digits that reaches arithmetic would raise in the check, not in the student's code.
(The suite then asks whether the same check passes with the reference solution in the
student's place, and blames the value if it does: ``grader.grading.suite``.)

A failure says two things: the *property* that does not hold ("the mask must include the
diagonal"), which any student may read, and the *detail* (the call, its inputs, what came
back and what was expected), which students see only for checks the lesson manifest marks
visible. Keeping them apart at the source is what lets a hidden check stay hidden.

A failure may also name a *diagnosis*: the code of a misconception in the lesson's
catalogue (``suites/<lesson>/diagnoses.toml``), recognised from what the submission
returned. The check names only the code; the hint students read comes from the catalogue,
so one sentence, reviewed once for safety, serves every check that sees the symptom.

A check that fails because a call raised or timed out is put into words by the suite; two
things here make those words precise. A check's docstring (first line) says what it tests,
and a secret check that fails by an exception or a timeout says that line (docstrings are
public: every report lists them). ``student.sized("n = 10⁶").running_sum(xs)`` labels a
call with the size of its inputs, in words students may read even when the check is
secret: if it times out after calls of the same function returned in time, the report says
"too slow for n = 10⁶" instead of "an endless loop?", and the check may catch the
``CallTimeout`` and ask ``too_slow(exc)`` to give partial credit or a diagnosis of its own.
When a call raises, ``raised_in(exc)`` names the submission's functions the exception
passed through, so a check can say where a failure comes from ("the error comes from your
prefill_flops").

This module is the whole API a check file imports: besides its own helpers it offers the
words and pictures for values that every message uses (``describe``, ``describe_type``,
``format_call``, ``format_value``, ``mask_picture``, ``side_by_side``, from
``grader.describe``), so a suite depends on one module of the grader and nothing else.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np

from grader.describe import MAX_PICTURE, describe, describe_type, format_call, format_value, mask_picture, side_by_side
from grader.exceptions import CallTimeout

__all__ = ["CheckFailed", "SizedCalls", "array", "describe", "describe_type", "fail", "format_call", "format_value",
           "is_close", "mask_picture", "number", "raised_in", "side_by_side", "too_slow"]


class CheckFailed(AssertionError):
    """A check's verdict. ``str()`` is the full story (the detail, else the property), as the
    instructor reads it; ``property`` alone is what a student reads when the check is secret."""

    def __init__(self, property: str, detail: str | None = None, pictures=(), diagnosis: str | None = None):
        super().__init__(detail or property)
        self.property = property
        self.detail = detail or ""
        self.diagnosis = diagnosis or None  # a code of the lesson's catalogue, resolved by grader.grading.suite
        self.pictures = tuple(p for p in (_grid(title, grid) for title, grid in pictures) if p)


def _grid(title, grid):
    """A picture as plain data, or None when it is not a small 2-D grid (it would not be drawn)."""
    try:
        cells = np.asarray(grid).astype(bool)
    except (TypeError, ValueError):
        return None
    if cells.ndim != 2 or max(cells.shape) > MAX_PICTURE:
        return None
    return str(title), tuple(tuple(bool(c) for c in row) for row in cells)


def fail(property: str, detail: str | None = None, *, pictures=(), diagnosis: str | None = None):
    """Fail the check. ``property``: what must hold, without hidden inputs or expected values.
    ``detail``: the full story. ``pictures``: ``[(title, 2-D bool grid), ...]`` to draw.
    ``diagnosis``: the catalogue code of the misconception the failure points to, if known."""
    raise CheckFailed(property, detail, pictures, diagnosis)


def _function(call: str) -> str:
    return call.split("(", 1)[0]


def _by_type(value, by_type: dict | None) -> str | None:
    """The diagnosis code ``by_type`` gives the exact type of ``value`` (``type(None)`` for None)."""
    return (by_type or {}).get(type(value))


def number(value, call: str, *, by_type: dict | None = None) -> float:
    """The value as a float if it is a real number (bool excluded), else fail naming the call;
    an int beyond float range fails too (a check could not compare it, and ``float()`` raises).
    ``by_type``: {type: diagnosis code} for wrong types that point to a misconception.

    A submission's ``Fraction`` or ``Decimal`` arrives as the int or float it stands for (the
    worker converts exact types: ``grader.sandbox.codec.exact_number``); one met here came
    from a trusted source (the reference in the student's place) and is taken as a number too."""
    if type(value) in (Fraction, Decimal):
        value = float(value)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        fail(f"{_function(call)} returned {describe_type(value)}; expected a number",
             f"{call} returned {describe(value)}; expected a number", diagnosis=_by_type(value, by_type))
    try:
        return float(value)
    except OverflowError:  # an int beyond float range (above about 1.8e308): no comparison could use it
        fail(f"{_function(call)} returned {describe_type(value)} too large to compare; expected a number of "
             f"float range (below about 1.8e308)",
             f"{call} returned {describe(value)}, too large to compare; expected a number of float range "
             "(below about 1.8e308)")


def array(value, call: str, *, by_type: dict | None = None) -> np.ndarray:
    """The value if it is a numpy array, else fail naming what came back instead.
    ``by_type``: {type: diagnosis code} for wrong types that point to a misconception."""
    if not isinstance(value, np.ndarray):
        fail(f"{_function(call)} returned {describe_type(value)}; expected a numpy array",
             f"{call} returned {describe(value)}; expected a numpy array", diagnosis=_by_type(value, by_type))
    return value


def is_close(actual: float, expected: float, rel: float = 1e-9) -> bool:
    return bool(np.isclose(actual, expected, rtol=rel, atol=0.0))


class SizedCalls:
    """``student.sized("n = 10⁶")``: the student's functions, each call labelled with the size of
    its inputs in words a student may read (even for a secret check: say "a long prompt" if the
    size itself is hidden). A labelled call that times out after the same function returned in
    time raises CallTimeout with ``too_slow`` set; the report says "too slow for n = 10⁶"."""

    def __init__(self, student, size: str):
        self._student, self._size = student, str(size)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self._student.call_sized(self._size, name, *args, **kwargs)


def too_slow(exc: BaseException) -> str | None:
    """The size a timed-out call was labelled with, when the function had returned in time on
    earlier calls (slow for that size, not stuck); None for any other failure."""
    return exc.size if isinstance(exc, CallTimeout) and exc.too_slow else None


def raised_in(exc: BaseException) -> tuple[str, ...]:
    """The submission's functions an exception from a call passed through, outermost first: the
    function called, then the ones it called, down to where it was raised.
    ``("prefill_seconds", "prefill_flops")`` means prefill_flops raised it, called by
    prefill_seconds. () when the exception did not come from the submission's code. The names
    are the submission's: compare them with names you know, and show them only in messages
    (which pass the report's boundary for untrusted text)."""
    frames = getattr(exc, "grader_frames", ())
    if type(frames) is not tuple:
        return ()
    return tuple(name for name, _ in frames if isinstance(name, str) and name != "<module>")
