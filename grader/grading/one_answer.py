"""What one wrong number says on its own, where ``relations`` reads what many say together.

Facts the domain checks (``grader.grading.domain``) take from a single answer: whether it is a number a person
could have meant (a refusal beside it earns credit only then), whether it is the right whole number wrapped round
in a fixed-width integer, which no other mistake gives, whether it is the right fraction rounded to a whole
number (4 for 4.5: one answer of a function whose other answers are too large for rounding to show), and whether
it is the right answer as a narrower float holds it (a float32 count of a long prompt).
"""

from __future__ import annotations

import math

import numpy as np


def could_mean(value, right) -> bool:
    """A finite number of the right answer's sign and within 10²⁴ of its size either way (units and powers of ten
    mixed up, yocto to yotta): an answer a person could have meant, as error carried forward credits (issue 25: 0,
    inf, NaN, a time below zero, or 5e-324, a count underflowed to nothing, earn no refusal credit)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        return False
    try:
        ratio = abs(float(value) / float(right)) if right else 1.0
    except (OverflowError, ZeroDivisionError):
        return False
    return math.isfinite(value) and np.sign(value) == np.sign(right) and 1e-24 <= ratio <= 1e24


def wrapped(got, want) -> str:
    """A whole-number answer that is the right one wrapped round in a fixed-width integer (the product, or
    twice it before a halving): numpy's int32 or int64 overflows silently where Python's int never does."""
    if type(want) is not int or isinstance(got, (bool, np.bool_)) or not isinstance(got, (int, float, np.number)):
        return ""
    try:
        value = float(got)
    except (TypeError, ValueError, OverflowError):
        return ""
    if not math.isfinite(value) or value == want or value != int(value):
        return ""
    ways = [("", want, lambda cut: cut), (" (twice it, before the halving)", 2 * want, lambda cut: cut / 2)]
    if want % 2 == 0:  # (the product wrapped, then halved: P(P+1)/2; or half of it wrapped, then doubled: 2·(N·P))
        ways.append((" (half of it, before the doubling)", want // 2, lambda cut: 2 * cut))
    for bits in (32, 64):
        for twice, full, back in ways:
            cut = (full + 2 ** (bits - 1)) % 2 ** bits - 2 ** (bits - 1)
            if cut != full and float(back(cut)) == value:
                return (f"That is the right answer{twice} wrapped round in a {bits}-bit integer: numpy's int{bits} "
                        f"holds no whole number above 2**{bits - 1} − 1 and overflows silently (np.int{bits}, or an "
                        "int array, keeps that type); Python's int never overflows, and a float holds this size")
    return ""


def rounded_whole(got, want) -> str:
    """A whole-number answer that is the right one, a fraction of at least 2, rounded (either way or to even)."""
    if isinstance(got, (bool, np.bool_)) or not isinstance(got, (int, float, np.integer, np.floating)) or \
            isinstance(want, (bool, np.bool_)) or not isinstance(want, (int, float, np.integer, np.floating)):
        return ""
    value, right = float(got), float(want)
    if not (math.isfinite(value) and math.isfinite(right)) or not value.is_integer() or right.is_integer() \
            or abs(right) < 2 or value not in (math.floor(right), math.ceil(right)):
        return ""
    return f"That is the right answer, {right:g}, rounded to a whole number"


def narrow_float(got, want) -> str:
    """A numpy float32 or float16 answer that is the right one rounded to that type: the computation kept it."""
    kind = type(got)
    if kind not in (np.float32, np.float16) or isinstance(want, (bool, np.bool_)) or \
            not isinstance(want, (int, float, np.integer, np.floating)):
        return ""
    with np.errstate(all="ignore"):
        held = kind(want)
    if not (np.isfinite(held) and held == got and float(got) != float(want)):
        return ""
    digits = "about 7" if kind is np.float32 else "about 3"
    return (f"That is the right answer as numpy's {kind.__name__} holds it ({digits} significant digits): compute in "
            "float64 (Python's float) or whole numbers (Python's int)")
