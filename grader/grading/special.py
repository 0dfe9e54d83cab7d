"""A special case: every answer right except at one value of one argument (one of ``relations``' finders,
tried after every other relation but the curves).

Said as a case only where the evidence holds it to that value. Two rivals read the same answers: another
argument with one value at exactly those inputs (N = 1 asked only beside P = 1: the case may be on
either), and a threshold anywhere between the value and the nearest one answered rightly (utilization 1.0
wrong, 0.5 right: `min(utilization, 0.9)` is wrong at 0.95 too). The first is said as both values, the
second as the interval the threshold may lie in.
"""

from __future__ import annotations

import math

from grader.grading.curves import close as _same


def special_value(function, names, answers, reference) -> str:
    """Every answer right except at one value of one argument, where every answer is wrong (n_out = 1 apart):
    a special case, said with the value and, where all got one answer, that answer."""
    wrong = [a for a in answers if not _same(a.got, a.want)]
    for i, name in enumerate(names):
        try:
            values = {a.args[i] for a in wrong}
        except TypeError:  # an argument that is no plain value (an array): no special value of it
            continue
        if len(values) != 1:
            continue
        value = next(iter(values))
        at = [a for a in answers if a.args[i] == value]
        if len(at) != len(wrong) or len(answers) == len(at):
            continue
        if alike := [f"{names[j]} = {at[0].args[j]!r}" for j in range(len(names)) if j != i
                     and _splits_alike(answers, at, j)]:
            return (f"each answer is right except where {name} = {value!r} and {' and '.join(alike)}, and "
                    f"every one there is wrong: a special case the lesson's formula does not have")
        got = {a.got for a in at}
        same = f", where it answers {next(iter(got)):g} whatever the other arguments are" if len(got) == 1 \
            and len(names) > 1 else ""
        return (f"each answer is right except where {name} = {value!r}, and every one there is wrong{same}: "
                f"a special case for {name} = {value!r}{_between(value, i, answers, at)} that the lesson's "
                "formula does not have")
    return ""


def _splits_alike(answers, at, j: int) -> bool:
    """Whether the j-th argument has one value over the answers ``at`` and no other answer has it."""
    try:
        return [a for a in answers if a.args[j] == at[0].args[j]] == at
    except (TypeError, ValueError):  # an array: no one value
        return False


def _between(value, i: int, answers, at) -> str:
    """Where the nearest value answered rightly is not next to ``value`` (a whole number one away), the
    interval a threshold may lie in, on each side: " (or a threshold the code sets between 0.5 and 1)"."""
    try:
        v = float(value)
        right = {float(a.args[i]) for a in answers if a not in at}
    except (TypeError, ValueError):
        return ""
    below, above = max((x for x in right if x < v), default=None), min((x for x in right if x > v), default=None)
    gaps = [f"{x:g} and {v:g}" if x < v else f"{v:g} and {x:g}" for x in (below, above)
            if x is not None and not _next_to(x, v)]
    return f" (or a threshold the code sets between {' or between '.join(gaps)})" if gaps else ""


def _next_to(x: float, v: float) -> bool:
    """No valid value lies between: whole numbers one apart, or within a part in a million."""
    whole = x.is_integer() and v.is_integer() and abs(x - v) <= 1
    return whole or math.isclose(x, v, rel_tol=1e-6)
