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

from grader.checks import CheckFailed, array, describe, fail, format_call, is_close, number, probe
from grader.describe import apart
from grader.exceptions import CallTimeout, GraderError, UnsupportedResult, WorkerDied
from grader.grading.guard import guard
from grader.grading.one_answer import could_mean, narrow_float, rounded_whole, wrapped
from grader.grading.relations import relation_of_answered
from grader.lesson.contract import INSIDE
from grader.lesson.sampling import draw, refusals, sequence


class _OutOfMemory(Exception):  # a call of ``check_large`` ran out of memory (a count of a P × P mask at P = 10⁶)
    pass


AHEAD = 0.5  # seconds a batch asked ahead may take (Domain.right_ahead): a right function answers sixteen in ms
REL = 1e-9  # far above the rounding of a handful of float operations, far below any mistake's size


class Domain:
    """One check's view of the contract: its draws (seeded as the check's ``rng``), the student, the truth."""

    def __init__(self, lesson, student, reference, diagnose, rng, module):
        self._lesson, self._student, self._reference = lesson, student, reference
        self._diagnose, self._rng, self._module = diagnose, rng, module

    student = property(lambda self: self._student)  # the ``student`` fixture the checks ask through (read after a fail)

    def with_student(self, student) -> Domain:  # the reference in the student's place: no fresh process
        return Domain(self._lesson, student, self._reference, self._diagnose, self._rng, None)

    def draw(self, function: str, count: int) -> list[tuple[tuple, dict]]:
        """``count`` valid calls of ``function``, corners of its contract first."""
        return draw(self._lesson.contracts[function], self._rng, count)

    def check(self, function: str, calls, property: str, telling=()) -> None:
        """Each call must give the reference's answer; the first that does not fails the check."""
        calls = list(calls)
        for (args, kwargs), right in zip(calls, self.right_ahead(function, calls), strict=True):
            if not right:
                self._one(function, args, kwargs, property, telling, evidence=calls)

    def right_ahead(self, function: str, calls) -> list[bool]:
        """Per call, whether it is right already, asked all in one round trip in the order given (one process, as
        single calls run) before a check asks singly those that are not (sixteen round trips for a right function
        were a tenth of a batch's time). Within ``AHEAD`` seconds, or all False (asked singly, as without it)."""
        calls = [(tuple(args), dict(kwargs)) for args, kwargs in calls]
        many = getattr(self._module, "call_many", None)
        if many is None or len(calls) < 2 or function in getattr(self._module, "stubs", ()):
            return [False] * len(calls)
        for args, kwargs in calls:
            guard(self._lesson, function, args, kwargs)  # every call obeys the lesson's contract
        try:
            results = many(function, calls, within=AHEAD)
        except (CallTimeout, WorkerDied, UnsupportedResult):  # (a reply too large for one frame, all together)
            return [False] * len(calls)
        getattr(self._student, "remember", lambda name: None)(function)
        return [r.kind == "returned" and self._right(function, args, kwargs, r.value)
                for (args, kwargs), r in zip(calls, results, strict=True)]

    def _right(self, function, args, kwargs, got) -> bool:  # (silent: a check's own call says how it is wrong)
        try:
            return self._same(function, got, getattr(self._reference, function)(*args, **kwargs), "", lambda: None)
        except AssertionError:
            return False

    def check_large(self, function: str, calls, property: str, telling=(), wrong_shape: str | None = None,
                    size: str = "", held: str = "") -> None:
        """Each call, smallest first, must give the reference's answer or run out of time or memory: sizes past the
        drawn ones, where a closed form answers at once and a right O(P²) count may not answer at all. A number is
        held to the right one (an int32 P(P + 1) wraps past P = 46,340; a table stops at its end), every call asked
        (the wrong answers' curve, ``relations``); a right function too slow or out of memory after smaller calls
        is held to nothing, and larger calls are not asked. ``wrong_shape``: the code an array of another shape
        gets when no model names one. ``size``: the words for its calls' size, as the lesson's long-prompt check
        gives its call (``student.call_sized``): too slow there, it is not run again here. ``held``: where the
        exercise says the function must answer at these sizes too (causal_pairs for a million tokens), running
        out of time or memory fails, with these words for what a right function does there."""
        first = None  # the first wrong answer, said once every call is asked
        for args, kwargs in calls:
            said = size or ", ".join(f"{name} = {value:,}" if isinstance(value, int) else f"{name} = {value}"
                                     for name, value in zip(self._names(function), args, strict=False))
            try:
                self._one(function, args, kwargs, property, telling, sized=said, wrong_shape=wrong_shape, fresh=False)
            except CheckFailed as exc:
                first = first or exc
            except CallTimeout as exc:
                if first is not None:  # (a hang after a wrong answer: the wrong answer is the verdict)
                    raise first from None
                if not exc.too_slow:
                    raise
                if held:
                    fail(property, f"{exc}. {held}")
                return
            except _OutOfMemory:
                if first is None and held:
                    fail(property, f"{format_call(function, args, kwargs)} raised MemoryError ({said}). {held}")
                break
        if first is not None:
            raise first

    def check_refusals(self, function: str, bases, property: str) -> None:
        """Where the lesson says a value raises ValueError, it must, whatever the other arguments are: each refusal
        (``sampling.refusals``: one argument just past an end of its range) asked beside each valid call of ``bases``
        (corners first). A refusal checked beside some arguments only (an ITL tested only when n_out > 1) passed checks
        asking beside one base (issue 21's fourth round); the failure names the call refused and the one answered. No
        credit for refusing without computing: each base must get a number, not one for all (issue 25; one kept from
        an earlier call is said so). One round trip where the module can batch (the calls run one after another)."""
        contract, bases = self._lesson.contracts[function], [tuple(b) for b, _ in bases]
        moved = [(args, next(k for k, (a, b) in enumerate(zip(args, base, strict=False)) if repr(a) != repr(b)))
                 for base in bases for args, _ in refusals(contract, base)]
        # "a time ≤ 0 raises" says nothing of NaN: where a lesson refuses it, its own check asks
        moved = [(args, i) for args, i in moved if not (isinstance(args[i], float) and math.isnan(args[i]))]
        results = self._batch(function, [*bases, *(args for args, _ in moved)])
        answers, reference = [], getattr(self._reference, function)
        answered = f"{function} must answer valid calls: refusing what the lesson refuses earns nothing without that"
        for base, (kind, value) in zip(bases, results, strict=False):  # (not ``property``: the refusals may be right)
            if kind != "returned":  # (a bound beside the other bases answered is said: utilization below 0.01)
                cause = self._refusal(function, base, {}, value, [(b, {}) for b in bases]) if kind == "raised" else ""
                fail(answered, f"{format_call(function, base, {})} {_ended(kind, value)}, but its arguments are valid "
                               f"({self._allowed(function)}): refusing earns nothing where valid calls get no answer"
                               + (f". {cause}" if cause else ""))
            if not could_mean(value, reference(*base)):  # 0, inf, NaN, a sign nobody meant
                fail(answered, f"{format_call(function, base, {})} returned {describe(value)}, where a right function "
                               f"returns {describe(reference(*base))}: refusing earns nothing where valid calls get no "
                               "answer a person could have meant")
            answers.append(value)
        if len(answers) > 1 and len({repr(a) for a in answers}) == 1:
            asked = ", ".join(format_call(function, b, {}) for b in bases)
            kept = next((b for b in bases[1:] if not math.isclose(float(answers[0]), float(reference(*b)), rel_tol=REL)
                         and self._right_alone(function, b, {}, reference(*b))), None)
            fail(answered, f"{function} returned {describe(answers[0])} for every valid call asked ({asked})" + (
                f". Called first, in a fresh process, {format_call(function, kept, {})} returns the right answer: it "
                "answered from something kept from an earlier call (a cache or a global)" if kept else
                ": no answer computed from them"))
        refused, missed = {}, []
        for (args, i), (kind, value) in zip(moved, results[len(bases):], strict=True):
            if kind == "raised" and isinstance(value, ValueError):
                refused.setdefault((i, repr(args[i])), args)
            else:
                missed.append((args, i, _ended(kind, value)))
        if not missed:
            return
        args, i, said = next((m for m in missed if (m[1], repr(m[0][m[1]])) in refused), missed[0])
        p, sibling = contract.params[i], refused.get((i, repr(args[i])))
        depends = (f"; the same {p.name} is refused in {format_call(function, sibling, {})}, so the refusal "
                   "depends on the other arguments: test each argument whatever the others are") if sibling else ""
        fail(property, f"{format_call(function, args, {})} {said}, but {p.name} = {args[i]!r} is outside "
                       f"{p.range_text}, where the lesson says a ValueError is raised{depends}")

    def _batch(self, function: str, calls: list[tuple]) -> list[tuple[str, object]]:
        """(kind, value or exception) of each call: in one round trip when the submission's module batches, else one
        by one (the reference in the student's place). Every call obeys the lesson's contract (``guard``)."""
        for args in calls:
            guard(self._lesson, function, args, {})
        many = getattr(self._module, "call_many", None)
        if many is not None:
            getattr(self._student, "remember", lambda name: None)(function)
            return [(r.kind, r.value) for r in many(function, [(args, {}) for args in calls])]
        results = []
        for args in calls:
            try:
                results.append(("returned", self._student.call(function, *args)))
            except (CallTimeout, GraderError):
                raise
            except Exception as exc:  # noqa: BLE001 - the student's own exception, rebuilt as its built-in type
                results.append(("raised", exc))
        return results

    def _names(self, function: str) -> tuple[str, ...]:
        return tuple(p.name for p in self._lesson.contracts[function].params)

    def check_sequence(self, function: str, calls, property: str, telling=()) -> None:
        """The first call, then each with one argument taken from the next call, then the first again, all in one
        process: an answer kept from an earlier call shows as a wrong one. Asked together first (``right_ahead``);
        only where one is not right is it asked call by call, which says which and what came just before."""
        sequence, before = self.sequence(function, calls), None
        if all(self.right_ahead(function, sequence)):
            return
        for args, kwargs in sequence:
            self._one(function, args, kwargs, property, telling, before)
            before = (args, kwargs)

    def check_own_arrays(self, function: str, calls, property: str) -> None:
        """A new array each call: the worker changes each returned array in place once sent (bool negated, numbers
        plus 1), as a caller may, before the same call; one kept (``lru_cache``, a global) comes back changed (three
        held-out writers in five rounds). Asked where the submission's module batches (the reference keeps none)."""
        many = getattr(self._module, "call_many", None)
        if many is None or function in getattr(self._module, "stubs", ()):
            return
        pairs = [((*args,), {}) for args, _ in calls for _ in (1, 2)]
        for args, kwargs in pairs:
            guard(self._lesson, function, args, kwargs)
        getattr(self._student, "remember", lambda name: None)(function)
        results = many(function, pairs, change=True)
        for k in range(0, len(pairs), 2):
            (args, _), first, again = pairs[k], results[k], results[k + 1]
            want = getattr(self._reference, function)(*args)
            if first.kind != "returned" or again.kind != "returned" or not self._right(function, args, {}, first.value):
                continue  # a wrong or missing first answer is the other checks' to say
            if not self._right(function, args, {}, again.value):
                how, call = ("negated", np.logical_not(want)) if want.dtype == bool else ("plus 1", want + 1), \
                    format_call(function, args, {})
                same = isinstance(again.value, np.ndarray) and np.array_equal(again.value, how[1])
                fail(property, f"{call} returned a right array. Changed in place by its caller (every cell {how[0]}), "
                     f"as a caller may change its own array, it was {'handed out again by' if same else 'followed by'}"
                     f" the same call {call}, which returned {'that changed array' if same else describe(again.value)}"
                     ": the function hands out an array it keeps (a cache or a global) rather than a new one per call. "
                     "Return a new array each call, or a copy of the one kept")

    def sequence(self, function: str, calls) -> list[tuple[tuple, dict]]:
        """The calls of ``check_sequence`` (``sampling.sequence``)."""
        return sequence(self._lesson.contracts[function], calls)

    def _one(self, function, args, kwargs, property, telling, before=None, evidence=(), sized="",
             wrong_shape=None, fresh: bool = True) -> None:
        """One call held to the reference's answer. ``fresh``: a wrong answer is asked again in a fresh process, to
        tell state kept from an earlier call from a wrong formula; not at check_large's sizes (a fork, an import
        and a call of a 1025-token mask again, for every wrong mask: a class of mostly wrong masks paid 25 % more
        for it), where check_sequence's own calls already tell state apart."""
        call = format_call(function, args, kwargs)
        want = getattr(self._reference, function)(*args, **kwargs)
        explain = lambda: self._diagnose(function, [probe(*args, **kwargs), *telling])  # noqa: E731
        try:
            if sized:
                got = self._student.call_sized(sized, function, *args, **kwargs)
            else:
                got = self._student.call(function, *args, **kwargs)
        except CallTimeout:
            raise
        except Exception as exc:  # the student's own exception, rebuilt as its built-in type
            if sized and isinstance(exc, MemoryError):
                raise _OutOfMemory from exc
            code = explain()
            cause = "" if code else self._refusal(function, args, kwargs, exc, evidence)
            fail(f"{function} must accept every input the lesson allows",
                 f"{call} raised {type(exc).__name__}, but these arguments are valid (the lesson allows "
                 f"{self._allowed(function)}); a right function returns {describe(want)}"
                 + (f". {cause}" if cause else ""), diagnosis=code)
        if self._same(function, got, want, call, explain):
            return
        detail = "{} returned {}; a right function returns {}".format(call, *apart(got, want))
        if fresh and self._right_alone(function, args, kwargs, want):
            getattr(self._diagnose, "proved", set()).add(f"state:{function}")  # no misconception beside it (runner)
            just = f" ({format_call(function, *before)} came just before)" if before is not None else ""
            fail(property, f"{detail}. Called first, in a fresh process, it returns the right answer, so it answered "
                 f"from something kept from an earlier call{just}: a cache or a global that outlives the call")
        code = explain() or (wrong_shape if isinstance(want, np.ndarray) and np.shape(got) != want.shape else None)
        relation = "" if code else wrapped(got, want) or self._integer_only(function, args, kwargs, got, want)
        fact = "" if code or relation else self._relation(function)  # no input in it: students read it
        said = relation or fact or ("" if code else rounded_whole(got, want) or narrow_float(got, want))
        fail(f"{property}. {fact}" if fact else property, f"{detail}. {said}" if said else detail, diagnosis=code)

    def _integer_only(self, function, args, kwargs, got, want) -> str:
        """An int argument answered with an integer, the right answer cut to a whole number, while the same
        value as a float is answered rightly: the arithmetic stays in integers for an int argument."""
        if kwargs or not isinstance(got, (int, np.integer)) or isinstance(want, (bool, np.ndarray, int, np.integer)) \
                or isinstance(got, bool) or not math.isfinite(float(want)) or got != math.trunc(float(want)):
            return ""
        for i, value in enumerate(args):
            if type(value) is not int:
                continue
            floated = (*args[:i], float(value), *args[i + 1:])
            if not self._answers(function, floated):
                continue
            again = self._student.call(function, *floated)
            if isinstance(again, (int, float, np.integer, np.floating)) and not isinstance(again, bool) \
                    and is_close(float(again), float(want), REL):
                name = self._names(function)[i]
                return (f"With {name} = {float(value)!r} instead of {value!r} it answers rightly: for an int {name} "
                        "the arithmetic stays in integers and cuts the answer to a whole number (numpy's reciprocal "
                        "or // of an int keeps it an int); compute in floating point, as 1 / x does")
        return ""

    def _refusal(self, function, args, kwargs, exc, calls) -> str:
        """Why a valid call raised, said only where other calls prove it: a table the argument is looked up
        in (a KeyError holding the argument), a type refused (the same value in another type is answered),
        or a bound of its own (the same call with one argument moved is answered, and the
        refusals stop at one value of it)."""
        if kwargs or any(isinstance(a, np.ndarray) for a in args):
            return ""
        names = self._names(function)
        if isinstance(exc, KeyError) and exc.args:
            for name, value in zip(names, args, strict=False):
                if str(exc.args[0]) in (repr(value), str(value)):  # the message a KeyError of the value has
                    return (f"The KeyError is {value!r} itself: the function looks {name} up in a table of the "
                            f"values it knows, and the lesson allows many more ({self._allowed(function)}): "
                            "compute the answer from the formula instead")
        others = [float(value) if type(value) is int else int(value) if type(value) is float and value.is_integer()
                  and abs(value) < 2**53 else None for value in args]
        every = [i for i, other in enumerate(others) if other is not None]
        for indices in [[i] for i in every] + ([every] if len(every) > 1 else []):  # one, then all (1.0, 1.0 as ints)
            if not self._answers(function, tuple(others[i] if i in indices else a for i, a in enumerate(args))):
                continue
            which = " and ".join(names[i] for i in indices)
            was = ("an int" if type(args[indices[0]]) is int else "a float") if len(indices) == 1 else \
                ("ints" if type(args[indices[0]]) is int else "floats")
            return (f"The same call with {', '.join(f'{names[i]} = {others[i]!r}' for i in indices)} instead of "
                    f"{', '.join(repr(args[i]) for i in indices)} is answered: the function refuses {which} as {was}, "
                    "where the lesson allows whole numbers and fractions alike")
        return self._bound(function, args, calls)

    def _answers(self, function, args) -> bool:
        """Whether a valid call (never one outside the contract: that would be the suite's bug) is answered."""
        if self._lesson.contracts[function].judge(tuple(args), {}).kind != INSIDE:
            return False
        try:
            self._student.call(function, *args)
        except CallTimeout:
            raise
        except Exception:  # noqa: BLE001 - refused again
            return False
        return True

    def _bound(self, function, args, calls) -> str:
        """The argument whose value alone makes the call refused, and where the refusals start."""
        answered = getattr(self._diagnose, "answered", {}).get(function, [])  # (a check without evidence of its own)
        known = [c for c, _ in list(calls)[:8]] + [tuple(a) for a, kw, _ in answered[:8] if not kw]
        accepted = next((c for c in known if c != tuple(args) and self._answers(function, c)), None)
        if accepted is None:
            return ""
        params = self._lesson.contracts[function].params
        for i, p in enumerate(params):
            if i >= len(args) or p.kind == "array" or accepted[i] == args[i]:
                continue
            moved = lambda x, i=i: (*accepted[:i], x, *accepted[i + 1:])  # noqa: E731
            if self._answers(function, moved(args[i])):
                continue  # not this argument alone
            good, bad = float(accepted[i]), float(args[i])
            whole = p.kind == "whole"  # a real one is bisected as a real, whatever type the refused value had
            good, bad = self._edge(function, moved, good, bad, whole)
            far = p.sample[1] if bad < good else p.sample[0]  # the accepted side's end of the drawn range
            side_ok = [x for x in np.geomspace(good, far, 5)[1:] if p.in_range(float(x))] if good * far > 0 else []
            end = p.sample[0] if bad < good else p.sample[1]  # and the refused side's
            side_bad = [x for x in np.geomspace(bad, end, 5)[1:] if p.in_range(float(x)) and (x > bad) == (
                bad > good)] if bad * end > 0 else []  # (beyond the refused value: the drawn range may end before it)
            cast = round if whole else float
            if not side_ok or not all(self._answers(function, moved(cast(x))) for x in side_ok) \
                    or any(self._answers(function, moved(cast(x))) for x in side_bad):
                return ""  # not one bound: a table, or refusals here and there, say nothing more
            fmt = (lambda x: f"{int(x)}") if whole else (lambda x: f"{x:.6g}")
            beyond = "above" if bad > good else "below"
            if whole and abs(bad - good) == 1:
                where = f"{p.name} = {fmt(bad)} (and {beyond}), while {p.name} = {fmt(good)} is answered"
            else:
                pair = f"{p.name} = {fmt(bad)} refused" if fmt(bad) != fmt(good) else f"values just {beyond} refused"
                where = f"{p.name} {beyond} about {fmt(good)} ({p.name} = {fmt(good)} answered, {pair})"
            if len(args) == 1:
                return f"The function refuses {where}, though the lesson allows {p.range_text}"
            if self._alone(function, calls, (tuple(args), accepted), i, cast(good), cast(bad)):
                return (f"The refusal follows {p.name} alone: with the other arguments the same (two sets of them "
                        f"tried), the function refuses {where}, though the lesson allows {p.range_text}")
            return (f"With the other arguments as in {format_call(function, accepted, {})}, the function refuses "
                    f"{where}, though the lesson allows {p.range_text}")
        return ""

    def _alone(self, function, calls, seen, i: int, good, bad) -> bool:
        """Whether a bound found beside one answered call holds beside another whose other arguments differ: a bound
        on n_out / elapsed, found at elapsed = 1, is no bound on n_out alone (issue 21's fourth round, z34)."""
        if len(seen[1]) == 1:
            return True  # no other argument
        other = next((c for c, _ in list(calls)[:8] if c not in seen and any(a != b for j, (a, b) in
                      enumerate(zip(c, seen[1], strict=False)) if j != i) and self._answers(function, c)), None)
        return other is not None and self._answers(function, (*other[:i], good, *other[i + 1:])) \
            and not self._answers(function, (*other[:i], bad, *other[i + 1:]))

    def _edge(self, function, moved, good: float, bad: float, whole: bool) -> tuple[float, float]:
        """Where refusals start between an answered value and a refused one, by bisection (by orders of
        magnitude where both are positive)."""
        for _ in range(60):
            mid = math.sqrt(good * bad) if good > 0 and bad > 0 else (good + bad) / 2
            if whole:
                mid = round(mid)
                if mid in (good, bad):
                    mid = (good + bad) // 2
                if mid in (good, bad):
                    break
            elif mid in (good, bad) or abs(bad - good) <= 1e-6 * abs(good):
                break
            if self._answers(function, moved(int(mid) if whole else mid)):
                good = mid
            else:
                bad = mid
        return good, bad

    def _relation(self, function) -> str:
        """What all answers have in common with the right ones (``relations``), over every call answered."""
        proved = getattr(self._diagnose, "proved", set())
        if f"relation:{function}" in proved:
            return ""  # said on an earlier check, over the answers then
        answered = getattr(self._diagnose, "answered", {}).get(function, [])
        found = relation_of_answered(function, self._lesson.contracts[function].params, answered,
                                     getattr(self._reference, function))
        if found:  # (and the runner says none again on the task's other failed checks)
            proved.add(f"relation:{function}")
        return found

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
        return self._right(function, args, kwargs, got)

    def _allowed(self, function: str) -> str:
        contract = self._lesson.contracts[function]
        return "; ".join(f"{p.name}: ({', '.join(p.shape)})" if p.kind == "array" else p.range_text
                         if p.range_text != "any number" else f"{p.name}: any number" for p in contract.params)


def _ended(kind: str, value) -> str:
    """How a call of a batch ended, in the words of a check's detail."""
    if kind == "returned":
        return f"returned {describe(value)}"
    return f"raised {type(value).__name__}" if kind == "raised" else "returned a value that cannot cross"
