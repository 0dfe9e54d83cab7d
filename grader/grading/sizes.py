"""How big a value is, counted without walking all of it: the trusted side's bound on a student's value.

A submission's function can return a list of a million floats where the task asks for one number.
The checks say so at once (a list is not a number), but the diagnosis runs the lesson's models on
what the student's functions returned, and a model that receives a million-element list works on
it (and a copy of it) for every probe: minutes of the trusted process for one hand-in. So before
any diagnosis the student's value is measured against what the reference returns on the same
inputs: ``oversized`` says whether it is far bigger than any right answer could be, and then the
value is never given to a model (the check's own symptom, "returns a list", is the feedback).

``elements`` counts items (an array's cells, a list's items, all the way down) and stops as soon
as the count passes ``stop``, so measuring a huge value costs no more than measuring a small one.
``owned`` is the copy a trusted function gets of a value it may change: arrays by one memory copy,
small containers deep-copied, anything bigger refused (``TooBig``), never a deep copy of a big value.
"""

from __future__ import annotations

import copy

import numpy as np

SLACK = 4  # a value with more than SLACK times the reference's elements (plus FLOOR) is far bigger than right
FLOOR = 64  # ... so a scalar task's answer may still be a short list or tuple before it counts as oversized
MAX_COPIED = 100_000  # elements of a container (not an array) the trusted side copies item by item
KEPT = 1 << 14  # a student's value this small is kept as it is, never measured against the reference's
_ATOMIC = frozenset({int, float, bool, str, complex, bytes, type(None)})


class TooBig(Exception):
    """A value bigger than the trusted side copies or models: the work it would cost is refused."""


def elements(value, stop: int) -> int:
    """The number of items of ``value`` (array cells, and every container's items, recursively: a list of
    two pairs counts 2 + 4), or ``stop + 1`` as soon as it passes ``stop`` (so a million-element list
    is measured in one step)."""
    total, pending = 0, [value]
    while pending:
        item = pending.pop()
        if isinstance(item, np.ndarray):
            total += item.size
        elif type(item) in (list, tuple, dict):
            total += len(item)
            if total > stop:
                return stop + 1
            values = item.values() if type(item) is dict else item
            if not _ATOMIC.issuperset(map(type, values)):  # a row of a million bools: one pass in C, none pending
                pending.extend(v for v in values if type(v) not in _ATOMIC)
        if total > stop:
            return stop + 1
    return total


def limit(reference_value) -> int:
    """The most elements a right answer could hold, given the reference's answer on the same inputs."""
    return SLACK * elements(reference_value, 1 << 40) + FLOOR


def oversized(value, reference_value) -> bool:
    """Whether ``value`` is far bigger than the reference's answer ``reference_value`` (see the module doc)."""
    bound = limit(reference_value)
    return elements(value, bound) > bound


def owned(value):
    """A copy of ``value`` that a trusted function may change without changing the original: a number as
    itself, an array by one memory copy, a small container deep-copied; TooBig for a bigger container."""
    if type(value) in _ATOMIC:
        return value
    if isinstance(value, np.ndarray):
        return value.copy()
    if elements(value, MAX_COPIED) > MAX_COPIED:
        raise TooBig(f"a {type(value).__name__} of more than {MAX_COPIED} elements")
    return copy.deepcopy(value)


class Oversized:
    """What is remembered of a student's value far bigger than any right answer (``sizes``): its kind
    and size, never the value (a million floats per probe, kept for the whole submission, is the
    trusted process's memory); no model is ever run on it."""

    __slots__ = ("items", "kind")

    def __init__(self, kind: str, items: int):
        self.kind, self.items = kind, items

    def __repr__(self) -> str:
        return f"a {self.kind} of more than {self.items} items"


_KINDS: dict[str, type] = {}


def stand_in(kind: str, items: int) -> Oversized:
    """An ``Oversized`` whose class is named ``kind`` ("list"): a model that compares only the sort of answer
    (``grader.checks.same_type``: "a list of pairs, not their count") still recognises it; one that compares
    values does not (it is no value), and no model is given it (``grader.grading.models``)."""
    made = _KINDS.get(kind)
    if made is None:
        made = _KINDS[kind] = type(kind, (Oversized,), {"__slots__": ()})
    return made(kind, items)


def is_oversized(outcome) -> bool:
    """Whether a ``grader.checks.Outcome`` holds an ``Oversized`` stand-in rather than a student's value."""
    return outcome.kind == "returned" and isinstance(outcome.value, Oversized)
