"""The ``domain`` fixture: checks over the whole of a function's contract, not the lesson's examples.

Mistakes that hide from the lesson's own numbers show elsewhere in the domain the lesson
allows (issue 21): a ``prefill_seconds`` that refuses a utilization below 0.1, a rate cached by
(N, P) that answers the next utilization with the first one's time, an ``np.reciprocal`` that
gives 0 for an int ITL. So a check asks ``domain.check(function, ...)`` about inputs drawn from
``[contract.<function>]`` (``grader.lesson.sampling``: each range's ends in every declared type
first, then values spread over it) and ``domain.check_sequence`` about the same calls with one
argument changed at a time, in one process, so that what a function keeps between calls shows.

The feedback states the symptom precisely (the call, what came back, what a right function
gives) and names a cause only where the evidence rules out the others: a model of a
misconception that agrees on the failing input and on telling probes (``diagnose``), or, for
an answer that depends on the calls before it, the same call answered rightly in a fresh
process, which proves the state.
"""

from __future__ import annotations

import math

import numpy as np

from grader.checks import array, describe, fail, format_call, is_close, number, probe
from grader.exceptions import CallTimeout
from grader.grading.relations import Answer, describe_relation
from grader.lesson.sampling import draw

REL = 1e-9  # far above the rounding of a handful of float operations, far below any mistake's size


class Domain:
    """One check's view of the contract: its draws (seeded as the check's ``rng``), the student, the truth."""

    def __init__(self, lesson, student, reference, diagnose, rng, module):
        self._lesson, self._student, self._reference = lesson, student, reference
        self._diagnose, self._rng, self._module = diagnose, rng, module

    @property
    def student(self):
        """The ``student`` fixture the checks ask through (the suite reads its last call after a failure)."""
        return self._student

    def with_student(self, student) -> Domain:
        """The same checks asking ``student`` instead (the reference in the student's place), no fresh process."""
        return Domain(self._lesson, student, self._reference, self._diagnose, self._rng, None)

    def draw(self, function: str, count: int) -> list[tuple[tuple, dict]]:
        """``count`` valid calls of ``function``, corners of its contract first."""
        return draw(self._lesson.contracts[function], self._rng, count)

    def check(self, function: str, calls, property: str, telling=()) -> None:
        """Each call must give the reference's answer; the first that does not fails the check."""
        calls = list(calls)
        for args, kwargs in calls:
            self._one(function, args, kwargs, property, telling, evidence=calls)

    def check_sequence(self, function: str, calls, property: str, telling=()) -> None:
        """The first call, then each with one argument taken from the next call, then the first again,
        all in one process: an answer kept from an earlier call shows as a wrong one."""
        before = None
        for args, kwargs in self.sequence(function, calls):
            self._one(function, args, kwargs, property, telling, before)
            before = (args, kwargs)

    def sequence(self, function: str, calls) -> list[tuple[tuple, dict]]:
        """The first call, then it with each argument in turn taken from the others, then the first
        again, then the first with the arguments that have a default left out (a value kept from the
        call before would show: a utilization remembered instead of the peak)."""
        first, *others = calls
        sequence = [first]
        for i in range(len(first[0])):
            for other in others[:2]:
                args = list(first[0])
                args[i] = other[0][i]
                sequence.append((tuple(args), {}))
        sequence.append(first)
        params, args = self._lesson.contracts[function].params, list(first[0])
        while args and len(args) <= len(params) and params[len(args) - 1].default is not None:
            if args[-1] == params[len(args) - 1].default:
                break  # the same value again: leaving it out says nothing
            args.pop()
        if len(args) < len(first[0]):
            sequence.append((tuple(args), {}))
        return sequence

    def _one(self, function, args, kwargs, property, telling, before=None, evidence=()) -> None:
        call = format_call(function, args, kwargs)
        want = getattr(self._reference, function)(*args, **kwargs)
        explain = lambda: self._diagnose(function, [probe(*args, **kwargs), *telling])  # noqa: E731
        try:
            got = self._student.call(function, *args, **kwargs)
        except CallTimeout:
            raise
        except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
            fail(f"{function} must accept every input the lesson allows",
                 f"{call} raised {type(exc).__name__}, but these arguments are valid (lesson.toml's contract: "
                 f"{self._allowed(function)}); a right function returns {describe(want)}", diagnosis=explain())
        if self._same(function, got, want, call, explain):
            return
        detail = f"{call} returned {describe(got)}; a right function returns {describe(want)}"
        if self._right_alone(function, args, kwargs, want):
            just = f" ({format_call(function, *before)} came just before)" if before is not None else ""
            fail(property, f"{detail}. Called first, in a fresh process, it returns the right answer, so it answered "
                 f"from something kept from an earlier call{just}: a cache or a global that outlives the call")
        code = explain()
        relation = "" if code else self._relation(function, evidence)
        fail(property, f"{detail}. {relation}" if relation else detail, diagnosis=code)

    def _relation(self, function, calls) -> str:
        """What every answer over the check's calls has in common with the right one (``relations``)."""
        if not calls:
            return ""
        reference, answers = getattr(self._reference, function), []
        for args, kwargs in calls:
            if kwargs:
                continue
            try:
                want = reference(*args)
                got = self._student.call(function, *args)
            except CallTimeout:
                break
            except Exception:  # noqa: BLE001, S112 - an input it refuses is no evidence of a relation
                continue
            if isinstance(got, (bool, np.bool_)) or not isinstance(got, (int, float, np.integer, np.floating)) \
                    or isinstance(want, (np.ndarray, bool, np.bool_)):
                return ""
            try:
                answers.append(Answer(tuple(args), float(got), float(want)))
            except OverflowError:
                continue
        names = tuple(p.name for p in self._lesson.contracts[function].params)
        return describe_relation(function, names, answers, reference)

    def _same(self, function, got, want, call, explain) -> bool:
        if isinstance(want, np.ndarray):  # not an array at all: said as such (and a stub's None stops here)
            got = array(got, call, explain=explain)
            return got.shape == want.shape and got.dtype == want.dtype and np.array_equal(got, want)
        if isinstance(want, (bool, np.bool_)):
            return isinstance(got, (bool, np.bool_)) and bool(got) == bool(want)
        value = number(got, call, explain=explain)
        return is_close(value, float(want), REL) or (math.isinf(value) and value == float(want))

    def _right_alone(self, function, args, kwargs, want) -> bool:
        """The same call, first in a fresh process: right there means the wrong answer came from state."""
        clean = getattr(self._module, "clean_slate", None)
        if clean is None or function in getattr(self._module, "stubs", ()):
            return False
        clean()
        try:
            got = self._student.call(function, *args, **kwargs)
        except Exception:  # noqa: BLE001 - wrong alone too: no evidence of state
            return False
        try:
            return self._same(function, got, want, format_call(function, args, kwargs), lambda: None)
        except AssertionError:
            return False

    def _allowed(self, function: str) -> str:
        contract = self._lesson.contracts[function]
        return "; ".join(f"{p.name}: {p.range_text}" if p.kind != "array" else f"{p.name}: ({', '.join(p.shape)})"
                         for p in contract.params)
