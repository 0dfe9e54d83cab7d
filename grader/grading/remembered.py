"""The reference solution's answers kept for the life of its process: computed once, copied out after.

The checks ask the reference for the same answers in every grade: ``causal_mask(2049)`` for the long
prompt, the lesson's own numbers, the drawn whole-domain calls (the draws are seeded by the check, not
by the submission). A batch grades hundreds of submissions in one warm process, and the long mask (then
1025 tokens) alone was 7 % of grading a right submission there: the solution builds it again each time.

The solution is trusted, and a reference is a function of its arguments (an instructor's solution that
answered by state would break every check that compares with it), so a call is answered from memory when
its arguments are plain numbers or strings. What comes back is a copy wherever a check could change it:
an array by one memory copy. Lists, dicts and whatever else are not kept (a deep copy can cost what the
call did); neither is a raise (a refusal is cheap and its exception object carries a traceback). Memory is
bounded: no answer over ``MAX_ANSWER_BYTES``, no more than ``MAX_TOTAL_BYTES`` in all.
"""

from __future__ import annotations

import functools
import types

import numpy as np

MAX_ANSWER_BYTES = 8 << 20  # a larger array is computed again each time
MAX_TOTAL_BYTES = 64 << 20  # past this, new answers are computed again, not kept
PLAIN = (int, float, bool, str, type(None))  # immutable arguments: safe to key a memory on


def remember_answers(module: types.ModuleType) -> types.ModuleType:
    """``module`` with each function it defines answering repeated calls from memory (see the module doc).
    Functions it imports, and anything not a plain function of the module, are left as they are."""
    kept = {"bytes": 0}
    for name, value in list(vars(module).items()):
        if isinstance(value, types.FunctionType) and value.__module__ == module.__name__ and not name.startswith("_"):
            setattr(module, name, _remembering(value, {}, kept))
    return module


def _remembering(function, memory: dict, kept: dict):
    @functools.wraps(function)
    def remembered(*args, **kwargs):
        key = _key(args, kwargs)
        if key is None:
            return function(*args, **kwargs)
        if key in memory:
            return _copy(memory[key])
        value = function(*args, **kwargs)
        size = _size(value)
        if size is not None and size <= MAX_ANSWER_BYTES and kept["bytes"] + size <= MAX_TOTAL_BYTES:
            memory[key], kept["bytes"] = _copy(value), kept["bytes"] + size
        return value
    return remembered


def _key(args: tuple, kwargs: dict):
    """A hashable key of plain arguments, telling 1, 1.0 and True apart; None for any other argument."""
    items = [*args, *kwargs.values()]
    if not all(type(a) in PLAIN for a in items):
        return None
    return (tuple((type(a), repr(a)) for a in args),
            tuple(sorted((k, type(v), repr(v)) for k, v in kwargs.items())))


def _size(value) -> int | None:
    """Bytes an answer takes in memory if it is kept (a plain number, a numpy scalar or array), else None."""
    if type(value) in PLAIN:
        return 64
    if isinstance(value, np.generic):
        return 64
    if type(value) is np.ndarray and value.dtype.kind in "biuf":
        return value.nbytes + 128
    return None


def _copy(value):
    return value.copy() if type(value) is np.ndarray else value
