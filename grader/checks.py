"""Helpers for writing checks: turn a returned value into a number or array, or fail clearly.

Checks must look at a student's value before computing with it: a None, a string or an int of 400 digits that
reaches arithmetic would raise in the check, not in the student's code. (The suite then asks whether the same check
passes with the reference solution in the student's place, and blames the value if it does:
``grader.grading.suite``.)

A failure says two things: the *property* that does not hold ("the mask must include the diagonal"), which any
student may read, and the *detail* (the call, its inputs, what came back and what was expected), which students see
only for checks the lesson manifest marks visible. Keeping them apart at the source is what lets a hidden check stay
hidden.

A failure may also name a *diagnosis*: the code of a misconception in the lesson's catalogue
(``suites/<lesson>/diagnoses.toml``), recognised from what the submission returned. The check names only the code;
the hint students read comes from the catalogue, so one sentence, reviewed once for safety, serves every check that
sees the symptom.

A check that fails because a call raised or timed out is put into words by the suite; two things here make those
words precise. A check's docstring (first line) says what it tests, and a secret check that fails by an exception or
a timeout says that line (docstrings are public: every report lists them).
``student.sized("n = 10⁶").running_sum(xs)`` labels a call with the size of its inputs, in words students may read
even when the check is secret: if it times out after calls of the same function returned in time, the report says
"too slow for n = 10⁶" instead of "an endless loop?", and the check may catch the ``CallTimeout`` and ask
``too_slow(exc)`` to give partial credit or a diagnosis of its own. When a call raises, ``raised_in(exc)`` names the
submission's functions the exception passed through, so a check can say where a failure comes from ("the error comes
from your prefill_flops").

This module is the whole API a check file imports: besides its own helpers it offers the words and pictures for
values that every message uses (``describe``, ``describe_type``, ``format_call``, ``format_value``,
``mask_picture``, ``side_by_side``, from ``grader.describe``), so a suite depends on one module of the grader and
nothing else.

**Misconceptions as models.** A diagnosis is backed by a *model*: a wrong implementation in ``suites/<lesson>/models``
marked ``@model("<code>")``. A failing check asks ``diagnose`` which model the student's function agrees with on a
few ``probe`` inputs (``grader.grading.models``): named only when one model agrees on every probe and the reference
differs somewhere. A model's ``same`` says how outcomes compare (``same_value``, ``same_type``, ``same_cells``,
``same_changes``, ``same_message``, ``both``; any function of two ``Outcome`` objects).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

import numpy as np

from grader.describe import MAX_PICTURE, describe, describe_type, format_call, format_value, mask_picture, side_by_side
from grader.exceptions import CallTimeout, GraderError

__all__ = ["CheckFailed", "ModelMark", "Outcome", "Probe", "SizedCalls", "answer", "array", "both", "confirmed",
           "describe", "describe_type", "equal_values", "fail", "format_call", "format_value", "is_close",
           "mask_picture", "model", "number", "probe", "raised_in", "refuses_by_rule", "same_cells", "same_changes",
           "same_message", "same_type", "same_value", "side_by_side", "too_slow", "value_kind"]


# The observed numpy functions (sandbox.observation.LIBRARY_NAMES) that compare two arrays, for checks of observed calls
COMPARISONS = frozenset(("numpy.allclose", "numpy.isclose", "numpy.array_equal", "numpy.array_equiv",
                         "numpy.testing.assert_allclose", "numpy.testing.assert_array_equal",
                         "numpy.testing.assert_array_almost_equal"))


class CheckFailed(AssertionError):
    """A check's verdict. ``str()`` is the full story (the detail, else the property), as the instructor reads it;
    ``property`` alone is what a student reads when the check is secret."""

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
    """Fail the check. ``property``: what must hold, without hidden inputs or expected values; ``detail``: the full
    story; ``pictures``: ``[(title, 2-D bool grid), ...]`` to draw; ``diagnosis``: the catalogue code it points to."""
    raise CheckFailed(property, detail, pictures, diagnosis)


def _function(call: str) -> str:
    return call.split("(", 1)[0]


def _explained(value, by_type: dict | None, explain: Callable[[], str | None] | None) -> str | None:
    """The code ``by_type`` gives the exact type of ``value`` (``type(None)`` for None), else ``explain()``'s."""
    return (by_type or {}).get(type(value)) or (explain() if explain is not None else None)


def number(value, call: str, *, by_type: dict | None = None, explain: Callable[[], str | None] | None = None) -> float:
    """The value as a float if it is a real number (bool excluded), else fail naming the call; an int beyond float
    range fails too (a check could not compare it, and ``float()`` raises). ``by_type``: {type: diagnosis code}
    for wrong types that point to a misconception; ``explain``: called only when the value is refused, for the
    diagnosis (e.g. ``diagnose``'s).

    A submission's ``Fraction`` or ``Decimal`` arrives as the int or float it stands for (the worker converts
    exact types: ``grader.sandbox.codec.exact_number``); one met here came from a trusted source (the reference
    in the student's place) and is taken as a number too."""
    if type(value) in (Fraction, Decimal):
        value = float(value)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        fail(f"{_function(call)} returned {describe_type(value)}; expected a number",
             f"{call} returned {describe(value)}; expected a number", diagnosis=_explained(value, by_type, explain))
    try:
        return float(value)
    except OverflowError:  # an int beyond float range (above about 1.8e308): no comparison could use it
        fail(f"{_function(call)} returned {describe_type(value)} too large to compare; expected a number of "
             f"float range (below about 1.8e308)",
             f"{call} returned {describe(value)}, too large to compare; expected a number of float range "
             "(below about 1.8e308)")


def array(value, call: str, *, by_type: dict | None = None, explain: Callable[[], str | None] | None = None
          ) -> np.ndarray:
    """The value if it is a numpy array, else fail naming what came back instead.
    ``by_type``: {type: diagnosis code} for wrong types that point to a misconception;
    ``explain``: called only when the value is refused, for the diagnosis."""
    if not isinstance(value, np.ndarray):
        fail(f"{_function(call)} returned {describe_type(value)}, not a numpy array",
             f"{call} returned {describe(value)}, not a numpy array",
             diagnosis=_explained(value, by_type, explain))
    return value


def answer(student, function: str, *args, explain: Callable[[], str | None] | None = None, **kwargs):
    """``student.<function>(*args, **kwargs)``. When the call raises or runs past its time limit, the check fails
    with the diagnosis ``explain()`` names (the submission's own message kept as the detail: a model may be too
    slow, or raise), or the failure goes on as it was when it names none."""
    try:
        return student.call(function, *args, **kwargs)
    except Exception as exc:  # the submission's exception, rebuilt as its built-in type
        code = explain() if explain is not None else None
        if code is None:
            raise
        text = getattr(exc, "grader_text", None)
        fail(f"{function} raised {type(exc).__name__}",
             text if isinstance(text, str) else f"{format_call(function, args, kwargs)} raised {type(exc).__name__}",
             diagnosis=code)
    except CallTimeout as exc:
        code = explain() if explain is not None else None
        if code is None:
            raise
        fail(f"{function} did not return within its time limit", str(exc), diagnosis=code)


def is_close(actual: float, expected: float, rel: float = 1e-9) -> bool:
    """``np.isclose(actual, expected, rtol=rel, atol=0)``. For plain ints and floats, what numpy does with them
    written out (numpy works on these as Python numbers): a check compares numbers this way thousands of times
    per class, and numpy's call costs tens of microseconds on a scalar."""
    if type(actual) in _PLAIN and type(expected) in _PLAIN and type(rel) in _PLAIN and math.isfinite(rel):
        y = float(expected) if type(expected) is int else expected
        return (abs(actual - y) <= 0.0 + rel * abs(y) and math.isfinite(y)) or actual == y
    return bool(np.isclose(actual, expected, rtol=rel, atol=0.0))


_PLAIN = (int, float)  # exactly these: a bool, a numpy number or a subclass goes to numpy


class SizedCalls:
    """``student.sized("n = 10⁶")``: the student's functions, each call labelled with the size of its inputs in words
    a student may read (even for a secret check). A labelled call that times out after the same function returned in
    time raises CallTimeout with ``too_slow`` set; the report says "too slow for n = 10⁶"."""

    def __init__(self, student, size: str):
        self._student, self._size = student, str(size)

    def call(self, function: str, *args, **kwargs):  # as ``answer`` calls a student
        return self._student.call_sized(self._size, function, *args, **kwargs)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.call(name, *args, **kwargs)


def confirmed(student, function: str, calls, mistake: Callable[..., str], why: str) -> bool:
    """Whether ``mistake(answer, *args)`` says ``why`` again for every argument tuple of ``calls``: a cause read
    from one wrong answer is named only when the same mistake shows on other inputs too (a constant 1.0 is 1 / b
    at b = 1 alone). A call that raises or gives no number confirms nothing."""
    for args in calls:
        try:
            got = float(getattr(student, function)(*args))
        except Exception:  # noqa: BLE001 - no answer there: no confirmation
            return False
        if mistake(got, *args) != why:
            return False
    return True


def refuses_by_rule(student, function: str, valid, invalid, rule: str) -> None:
    """Fail unless ``function`` gives each argument tuple of ``valid`` a finite number, not one for all of them, and
    raises ValueError for each of ``invalid``, at inputs no visible check uses: refusing all but the probes a student
    can read, only the values the checks name, or in a function that computes no answer for good arguments
    (validates, then returns 0 or None) earns nothing (issue 25); a wrong formula still computes one."""
    answers = []
    for args in valid:
        call = format_call(function, args, {})
        try:
            got = getattr(student, function)(*args)
        except ValueError:
            fail(f"{function} must refuse (with ValueError) only {rule}: valid arguments must give an answer",
                 f"{call} raised ValueError, but its arguments are valid: the error must come from the check of the "
                 f"arguments, and only for {rule}")
        except Exception as exc:  # the student's own exception, rebuilt as its built-in type
            if isinstance(exc, GraderError):  # the grader's own fault: never the student's
                raise
            got = exc
        answers.append(got)
        if isinstance(got, (bool, np.bool_)) or not isinstance(got, (int, float, np.number)) or not math.isfinite(got):
            said = f"raised {type(got).__name__}" if isinstance(got, Exception) else f"returned {describe(got)}"
            fail(f"{function} must compute an answer for valid arguments: refusing {rule} earns nothing without one",
                 f"{call} {said}; valid arguments must give a number")
    if len(answers) > 1 and len({repr(a) for a in answers}) == 1:  # 0, or any one answer whatever was asked
        fail(f"{function} must compute an answer for valid arguments: refusing {rule} earns nothing without one",
             f"{function} returned {describe(answers[0])} for every valid call "
             f"({', '.join(format_call(function, a, {}) for a in valid)}): the same for arguments that share none")
    for args in invalid:
        try:
            got = getattr(student, function)(*args)
        except ValueError:
            continue
        except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
            got, kept = f"raised {type(exc).__name__}", None
        else:  # a valid call's answer again (they vary, or were refused above): said as seen, no cause named
            kept = next((v for v, a in zip(valid, answers, strict=True) if answers[1:] and equal_values(a, got)), None)
            got = f"returned {describe(got)}"
        why = (f", what the earlier {format_call(function, kept, {})} returned, whatever was asked before"
               if kept else ": test the rule, not values")
        fail(f"{function} must refuse (with ValueError) every case of {rule}, not for a few values",
             f"{format_call(function, args, {})} {got}; {rule} must be refused with ValueError{why}")


def too_slow(exc: BaseException) -> str | None:
    """The size a timed-out call was labelled with, when the function had returned in time on earlier calls (slow
    for that size, not stuck); None for any other failure."""
    return exc.size if isinstance(exc, CallTimeout) and exc.too_slow else None


def raised_in(exc: BaseException) -> tuple[str, ...]:
    """The submission's functions an exception from a call passed through, outermost first: the function called,
    then the ones it called, down to where it was raised. ``("prefill_seconds", "prefill_flops")`` means
    prefill_flops raised it, called by prefill_seconds. () when the exception did not come from the submission's
    code. The names are the submission's: compare them with names you know, and show them only in messages
    (which pass the report's boundary for untrusted text)."""
    frames = getattr(exc, "grader_frames", ())
    if type(frames) is not tuple:
        return ()
    return tuple(name for name, _ in frames if isinstance(name, str) and name != "<module>")


# ---------------------------------------------------------------------------- models of misconceptions

@dataclass(frozen=True)
class Probe:
    """One input a function is asked about: its positional and keyword arguments."""

    args: tuple = ()
    kwargs: dict = field(default_factory=dict)

    def __str__(self) -> str:
        named = [f"{name}={format_value(value)}" for name, value in self.kwargs.items()]
        return ", ".join([format_value(a) for a in self.args] + named)


def probe(*args, **kwargs) -> Probe:
    """``probe(7e9, 1000, 1e14, utilization=0.5)``: the arguments of one call. A plain tuple of positional
    arguments is a probe too."""
    return Probe(tuple(args), dict(kwargs))


@dataclass(frozen=True)
class Outcome:
    """What one call did, as a model's comparison sees it.

    ``kind``: "returned" (``value``), "raised" (``error``: the name of the built-in exception type; ``message``,
    its message), "timeout" (ran past its time limit), "unsupported" (returned what cannot cross to the grader,
    such as an exception object) or "failed" (the call ended without an answer: its process died). ``changed``:
    per positional argument, whether the call changed it in place; None where that was not observed. ``stated``:
    the exception was raised by a ``raise`` statement of the code run (a model's), so its message is its
    author's wording, not Python's (``grader.grading.evidence``)."""

    kind: str
    value: object = None
    error: str = ""
    changed: tuple[bool, ...] | None = None
    message: str = ""  # a raised exception's message (its first 300 characters)
    stated: bool = False


def value_kind(value) -> tuple:
    """What sort of value this is, as a student would say it: a number, text, None, a bool, a list, an array of
    numbers (of which dimension), ..."""
    if value is None:
        return ("None",)
    if isinstance(value, (bool, np.bool_)):
        return ("bool",)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return ("number",)
    if isinstance(value, np.ndarray):
        return ("array", _family(value.dtype), value.ndim)
    return (type(value).__name__,)


def _family(dtype: np.dtype) -> str:
    return {"b": "bool", "i": "number", "u": "number", "f": "number", "c": "complex"}.get(dtype.kind, dtype.kind)


def _same_numbers(a, b) -> bool:
    try:
        a, b = float(a), float(b)
    except OverflowError:  # an int beyond float range: only itself is the same
        return type(a) is type(b) and a == b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-300)


def equal_values(a, b) -> bool:
    """Whether two returned values are the same answer: numbers within a relative 1e-6 (NaN equals NaN), arrays of
    the same shape and kind of number with the same cells, containers item by item."""
    kind = value_kind(a)
    if kind != value_kind(b):
        return False
    if kind == ("None",):
        return True
    if kind == ("bool",):
        return bool(a) == bool(b)
    if kind == ("number",):
        return _same_numbers(a, b)
    if isinstance(a, np.ndarray):
        if a.shape != b.shape:
            return False
        if a.dtype.kind in "fc" or b.dtype.kind in "fc":
            return bool(np.allclose(a, b, rtol=1e-6, atol=1e-12, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(equal_values(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(equal_values(a[k], b[k]) for k in a)
    return bool(a == b) if isinstance(a, str) else False


def _same_ending(student: Outcome, model: Outcome) -> bool | None:
    """Whether two outcomes end the same way, when that already decides it (None: both returned)."""
    if student.kind != model.kind:
        return False
    if student.kind == "raised":
        return student.error == model.error
    return None if student.kind == "returned" else True


def same_value(student: Outcome, model: Outcome) -> bool:
    """The same answer (``equal_values``), or the same built-in exception, or the same way of not answering."""
    ending = _same_ending(student, model)
    return equal_values(student.value, model.value) if ending is None else ending


def same_type(student: Outcome, model: Outcome) -> bool:
    """The same sort of answer (text, None, a number, a list, an array of bools, ...), whatever its value."""
    ending = _same_ending(student, model)
    return value_kind(student.value) == value_kind(model.value) if ending is None else ending


def _cells(value):
    """A grid as an array of numbers, whatever held it (an array of any dtype, nested lists); None otherwise."""
    try:
        cells = np.asarray(value, dtype=float) if isinstance(value, (list, tuple, np.ndarray)) else None
    except (TypeError, ValueError, OverflowError):
        return None
    return cells if cells is not None and cells.ndim >= 1 else None


def same_cells(student: Outcome, model: Outcome) -> bool:
    """The same grid of values (True and 1 alike), held the same way (an array, or nested lists)."""
    ending, a, b = _same_ending(student, model), student.value, model.value
    if ending is not None:
        return ending
    if isinstance(a, np.ndarray) != isinstance(b, np.ndarray) or (isinstance(a, (list, tuple)) and isinstance(
            b, (list, tuple)) and len(a) != len(b)):  # told before a 1025² mask is converted, for every model
        return False
    if isinstance(a, np.ndarray) and a.dtype.kind in "biuf" and b.dtype.kind in "biuf":  # no float copies
        return a.ndim >= 1 and a.shape == b.shape and bool(np.array_equal(a, b))
    ours, theirs = _cells(a), _cells(b)
    return ours is not None and theirs is not None and ours.shape == theirs.shape and bool(np.array_equal(ours, theirs))


def same_message(student: Outcome, model: Outcome) -> bool:
    """The same exception with the same message (two mistakes that both raise TypeError told apart)."""
    return same_value(student, model) and (student.kind != "raised" or student.message == model.message)


def same_changes(student: Outcome, model: Outcome) -> bool:
    """The same arguments changed in place by a call that returned (whatever it returned); a call that did not
    return the same way as the model's (what it changed then is not seen)."""
    ending = _same_ending(student, model)
    return (student.changed is not None and student.changed == model.changed) if ending is None else ending


def both(*comparisons: Callable[[Outcome, Outcome], bool]) -> Callable[[Outcome, Outcome], bool]:
    """A comparison that holds when all of ``comparisons`` hold (``both(same_cells, same_type)``: the same grid,
    held in the same sort of value)."""
    def same(student: Outcome, model: Outcome) -> bool:
        return all(compare(student, model) for compare in comparisons)
    same.__name__ = "both_" + "_".join(getattr(c, "__name__", "same") for c in comparisons)
    return same


@dataclass(frozen=True)
class ModelMark:
    """What ``@model`` records on a model function (read by ``grader.lesson.misconceptions``)."""

    code: str
    same: Callable[[Outcome, Outcome], bool] = same_value
    slow: Callable[..., bool] | None = None
    needs: str | None = None
    carried: bool = False


def model(code: str, *, same: Callable[[Outcome, Outcome], bool] = same_value, slow: Callable[..., bool] | None = None,
          needs: str | None = None, carried: bool = False):
    """Mark a function of ``suites/<lesson>/models.py`` (or ``models/``) as a model of the misconception ``code``.

    The function is a wrong version of the lesson function that the code's task grades, with
    the same parameters; it may call the lesson's other functions by name (the reference's, or
    the student's own when a downstream mistake is carried forward), and itself (shallowly: a
    RecursionError in the grader's process upsets CPython 3.11's parser for the rest of the
    process, so a recursion too deep is modelled by raising RecursionError). It must be self-contained
    (numpy as ``np`` and the module's imports only): ``grader validate`` grades its text, laid
    over the reference, as a submission. ``same``: how a student's outcome is compared with the
    model's. ``slow``: given a probe's arguments, True where the model is too slow to finish (it
    is then not run here: its outcome is a timeout). ``needs``: the code of a model of another
    function that must be wrong too for this one to show (validate grades them together)."""
    def mark(function):
        function.grader_model = ModelMark(code, same, slow, needs, carried)
        return function
    return mark
