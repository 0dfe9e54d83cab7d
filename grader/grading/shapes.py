"""Where a function of arrays raises across the sizes its contract allows, said as a relation between the sizes.

A raise on valid arrays (an IndexError from a buffer of the wrong side, a ValueError of the student's own that X and
W must have the same shape) says where the code stopped, not why. Asked again over a grid of the contract's sizes
(each dimension at 1, 2, 3, 5, 8 and its largest, one batch in a fresh fork: a notebook's kernel has none), the
calls that raise and those that return are split by one relation between the sizes when the cause is one of shape:
P > d (more positions than W has rows), P ≠ d (X and W have the same shape only when P = d), d = 1, P ≥ 5. That
relation is said, as a symptom precise enough to find the line by; where none splits them exactly, nothing is said.

A raise that depends on what came before is told by the same batch: its first call asked once more at its end.
Answered the first time and refused the second (or the other way round), the same input got two outcomes, so the
function keeps something between calls (a default list, a global) that changes what it does.

Asked once per function and submission (``RaisePatterns``), only where a check's call of a function with array
arguments raised the submission's own exception; every call obeys the contract (``guard``).
"""

from __future__ import annotations

import itertools

import numpy as np

from grader.exceptions import StudentCodeError
from grader.grading.guard import guard
from grader.sandbox.channel import student_raise

SIZES = (1, 2, 3, 5, 8)  # each dimension's values, with its largest, clipped to its declared range


class RaisePatterns:
    """The sentence ``said`` adds to the first check whose call of a function raised: one batch per function."""

    def __init__(self, lesson, student):
        self._lesson, self.student, self._said = lesson, student, {}

    def said(self, function: str, exc: BaseException | None) -> str:
        """A sentence about where ``function`` raises, or "" where no relation of sizes or state shows."""
        contract = self._lesson.contracts.get(function) if function else None
        if exc is None or contract is None or not contract.dims or student_raise(exc) is None \
                or isinstance(exc, StudentCodeError) or not all(p.shape for p in contract.params):
            return ""
        if function in self._said:
            return ""  # said once, with the first check it explains
        try:
            self._said[function] = self._ask(function, contract)
        except (StudentCodeError, Exception):  # noqa: BLE001 - a batch that timed out or could not
            self._said[function] = ""  # run is no evidence, and never the grade's end
        return self._said[function]

    def _ask(self, function: str, contract) -> str:
        many = getattr(self.student, "call_many", None)
        if many is None or getattr(self.student, "unavailable", None) is not None:
            return ""
        grid = _grid(contract.dims)
        rng = np.random.default_rng(len(grid))
        calls = [_arrays(contract, sizes, rng) for sizes in grid]
        calls.append(calls[0])  # the first input again, after all the others: state kept between calls
        for args in calls:
            guard(self._lesson, function, args, {})
        self.student.clean_slate()
        results = many(function, [(args, {}) for args in calls])
        kinds = [r.kind for r in results]
        if "skipped" in kinds or "unsupported" in kinds:
            return ""
        if (kinds[0] == "raised") != (kinds[-1] == "raised"):
            first, last = ("answered", "raised") if kinds[-1] == "raised" else ("raised", "answered")
            return (f"Asked one input twice, {function} {first} it the first time and {last} the second, with "
                    f"{len(calls) - 2} other calls between: it keeps something between calls (a default argument, a "
                    "global, a cache) that changes what it does")
        raised = [i for i, kind in enumerate(kinds[:-1]) if kind == "raised"]
        if not raised or len(raised) == len(grid):
            return ""
        names, said, unsaid = list(contract.dims), [], []
        by_type: dict[str, set[int]] = {}
        for i in raised:
            by_type.setdefault(type(results[i].value).__name__, set()).add(i)
        bound = [dict(zip(names, sizes, strict=True)) for sizes in grid]
        for name, where in sorted(by_type.items()):
            text = next((text for text, test in _relations(names, contract.dims)
                         if where == {i for i, sizes in enumerate(bound) if test(sizes)}), None)
            said += [f"{name} in exactly those where {text}"] if text else []
            unsaid += [] if text else [f"{name} at {len(where)} other sizes"]
        if not said:
            return ""
        shapes = ", ".join(f"{p.name} of shape ({', '.join(p.shape)})" for p in contract.params)
        ranges = " and ".join(f"{n} from {min(s[k] for s in grid)} to {max(s[k] for s in grid)}"
                              for k, n in enumerate(names))
        rest = f"; {'; '.join(unsaid)}" if unsaid else "; it returned a value at every other"
        return (f"Asked over {len(grid)} sizes the lesson allows ({shapes}; {ranges}), {function} raised "
                f"{'; '.join(said)}{rest}")


def _grid(dims: dict) -> list[tuple[int, ...]]:
    """Every combination of each dimension's values (``SIZES`` and its largest, inside its range)."""
    axes = [sorted({min(max(v, low), high) for v in (*SIZES, high)}) for low, high in dims.values()]
    return list(itertools.product(*axes))


def _arrays(contract, sizes: tuple[int, ...], rng) -> tuple:
    """The arguments for one size: each array parameter drawn from the standard normal at its declared shape."""
    bound = dict(zip(contract.dims, sizes, strict=True))
    return tuple(rng.standard_normal(tuple(bound[n] for n in p.shape)) for p in contract.params)


def _relations(names: list[str], dims: dict):
    """(its words, a test of the sizes): the simplest first, so the one said is the plainest that splits."""
    for n in names:
        yield f"{n} = 1", lambda s, n=n: s[n] == 1
        yield f"{n} > 1", lambda s, n=n: s[n] > 1
    for a, b in itertools.permutations(names, 2):
        yield f"{a} > {b}", lambda s, a=a, b=b: s[a] > s[b]
        yield f"{a} ≥ {b}", lambda s, a=a, b=b: s[a] >= s[b]
    for a, b in itertools.combinations(names, 2):
        yield f"{a} ≠ {b}", lambda s, a=a, b=b: s[a] != s[b]
        yield f"{a} = {b}", lambda s, a=a, b=b: s[a] == s[b]
        yield f"{a} = 1 or {b} = 1", lambda s, a=a, b=b: s[a] == 1 or s[b] == 1  # a squeeze() dropping an axis
    for n, (low, high) in dims.items():
        for k in sorted({min(max(v, low), high) for v in (*SIZES, high)})[1:]:
            yield f"{n} ≥ {k}", lambda s, n=n, k=k: s[n] >= k
            yield f"{n} < {k}", lambda s, n=n, k=k: s[n] < k
