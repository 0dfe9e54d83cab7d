"""What an agreement with a model proves: the rules ``grader.grading.models`` applies before it
names a misconception.

A model is matched when the student's function does what it does on every probe, by the
model's own comparison. Two kinds of agreement prove less than that comparison says:

- **The same exception for another reason.** An error Python raises itself (a TypeError for
  a call with the wrong arguments, for dividing a Decimal by a float, for dividing None) is
  told apart from another of its type only by its message, which Python words the same way
  for the same cause. So where a model's exception is Python's own, the student's must carry
  the same message: a ``prefill_flops`` that returns a Decimal makes ``prefill_seconds``
  raise TypeError on every call, and that is not the TypeError of a utilization that can
  only be given by name. An exception a model raises with a ``raise`` statement of its own
  is the model author's wording of a deliberate choice (``raise ValueError("...")``), which a
  student words differently: there the type is the evidence.
- **Only "wrong".** Where the reference answers True or False, a wrong function has one
  other answer to give. A model that gives the other answer on every such probe, and does
  what the reference does on the rest, predicts nothing but "wrong": every mistake agrees
  with it, so it explains none (``only_wrong``). Its probes must include one where the
  mistake does not show, for it to be told from the others.
"""

from __future__ import annotations

import dis
import functools
import types
from collections.abc import Callable

import numpy as np

from grader.checks import Outcome, same_value

_RAISES = frozenset({"RAISE_VARARGS", "RERAISE"})


def stated(exc: BaseException, code: types.CodeType) -> bool:
    """Whether ``exc`` was raised by a ``raise`` statement in the file of ``code`` (a model's own
    wording), rather than by Python or a library it called (whose message names the cause)."""
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    frame_code = tb.tb_frame.f_code
    if frame_code.co_filename != code.co_filename:
        return False
    return tb.tb_lasti in _raises(frame_code)


@functools.lru_cache(maxsize=1024)
def _raises(code: types.CodeType) -> frozenset[int]:
    """The offsets of ``code``'s raise instructions: read once per model function, not once per raise
    (a wrong submission's probes make the lesson's models raise thousands of times)."""
    return frozenset(op.offset for op in dis.get_instructions(code) if op.opname in _RAISES)


def agrees(same: Callable[[Outcome, Outcome], bool], student: Outcome, model: Outcome) -> bool:
    """The model's comparison ``same``, and, where both raised and the model's exception is Python's
    own, the same message (see the module doc)."""
    if not same(student, model):
        return False
    if student.kind == "raised" and model.kind == "raised" and not model.stated:
        return student.message == model.message
    return True


def _truth(outcome: Outcome) -> bool | None:
    if outcome.kind == "returned" and isinstance(outcome.value, (bool, np.bool_)):
        return bool(outcome.value)
    return None


def only_wrong(predicted: list[Outcome], references: list[Outcome]) -> bool:
    """Whether a model's outcomes say no more than "wrong": the other truth value wherever the reference
    answered True or False, and what the reference did everywhere else (see the module doc)."""
    if not any(_truth(r) is not None for r in references):
        return False
    for model, reference in zip(predicted, references, strict=True):
        truth = _truth(reference)
        if truth is None:
            if not same_value(model, reference):
                return False
        elif _truth(model) is None or _truth(model) == truth:
            return False
    return True
