"""Inputs drawn from a function's contract (``grader.lesson.contract``): the whole domain.

The lesson's examples (7e9 parameters, 1000 tokens, utilization 0.5) are the inputs a
student tried; the mistakes that hide from them show elsewhere: at P = 1, at utilization
near 0 or exactly 1, for a rate of 1e18 FLOP/s, for an int N, for a numpy scalar, for N = 1.5.
So the first cases of every draw are the corners (each range's ends, in every declared type; in
the calls of the k-th type, the k-th argument's ends swapped, so that P = 1 meets the largest N too
and a case for P = 1 is not read as one for N = 1), then a real range's value with a fraction near
its low end (``int(N)`` shows there), then one just under a closed top the lesson sets
(utilization 0.95: a cap at 0.9 shows there), then each lesson example beside values drawn for the
other arguments (code right only when all the lesson's numbers come together shows), then values
spread over the range (by orders of magnitude where ``spread = "log"``). Arrays come at each
dimension's ends first, then the first one all zeros, then random normal. The draw is a function of
the generator only: a check seeded by its name and the suite gets the same inputs on every regrade.
"""

from __future__ import annotations

import math

import numpy as np

from grader.lesson.contract import Contract, Param

_CASTS = {"int": int, "float": float, "numpy-int": np.int64, "numpy-float": np.float64}


def draw(contract: Contract, rng: np.random.Generator, count: int) -> list[tuple[tuple, dict]]:
    """``count`` valid calls (positional arguments, no keywords), corners first."""
    columns = {p.name: _values(p, rng, count, k) for k, p in enumerate(contract.params) if p.kind != "array"}
    corners = max((_corner_count(p) for p in contract.params if p.kind != "array"), default=0)
    examples = [p for p in contract.params if p.kind != "array" and p.example is not None]
    for k, p in enumerate(examples):  # the lesson's value of one argument, the others drawn
        if len(examples) > 1 and corners + k < count - 3:  # the last three stay spread (a sequence's draws)
            columns[p.name][corners + k] = _as_example(p, columns[p.name][corners + k])
    sizes = [{name: int(rng.integers(low, high + 1)) for name, (low, high) in contract.dims.items()}
             for _ in range(count)]
    corners_of_sizes = _dim_corners(contract.dims)
    for i, corner in enumerate(corners_of_sizes):
        if i < count:
            sizes[i] = corner
    first_array = next((p.name for p in contract.params if p.kind == "array"), None)
    calls = []
    for i in range(count):
        args = []
        for p in contract.params:
            if p.kind == "array":
                values = rng.standard_normal(tuple(sizes[i][d] for d in p.shape))  # drawn always: the same stream
                args.append(_special(values, i - len(corners_of_sizes), p.name == first_array))
            else:
                args.append(columns[p.name][i])
        calls.append((tuple(args), {}))
    return calls


def _special(values: np.ndarray, k: int, first: bool) -> np.ndarray:
    """After the size corners, a value random normals never hold: the first array all zeros (a ratio to a
    running sum of 0 shows). Not float32: whether a float64 loop beside a float32 np.cumsum must agree to
    allclose's tolerance is a question the lesson leaves open (two held-out writers judged the same code
    right and wrong), so no draw asks it."""
    if k == 0 and first:
        return np.zeros_like(values)
    return values


def _dim_corners(dims: dict) -> list[dict]:
    names = list(dims)
    if not names:
        return []
    low = {n: dims[n][0] for n in names}
    high = {n: min(dims[n][1], 64) for n in names}
    corners = [low, high]
    for n in names:  # one dimension at its smallest, the others larger
        corners.append({m: (dims[m][0] if m == n else min(dims[m][1], 7)) for m in names})
    return corners


def _as_example(p: Param, drawn):
    """The lesson's example in the drawn value's type, or a float where that type cannot hold it (0.5)."""
    cast = type(drawn)
    if isinstance(drawn, (int, np.integer)) and float(p.example) != int(p.example):
        cast = float if "float" in p.types else np.float64
    return cast(p.example)


def _corner_count(p: Param) -> int:
    return 2 * len(p.types) + (1 if _fraction(p) is not None else 0)


def _fraction(p: Param) -> float | None:
    """A value of a real range with a fraction, near its low end (N = 1.5), or None where none is drawn."""
    if p.kind != "real" or not {"float", "numpy-float"} & set(p.types):
        return None
    low, high = p.sample
    x = low + 0.5 if high - low > 1 else low + (high - low) / 2
    return x if p.in_range(x) and x != int(x) else None


def _values(p: Param, rng: np.random.Generator, count: int, k: int = 0) -> list:
    """The parameter's column: its range's ends in each type first, then a value with a fraction, then one
    just under a closed top the lesson sets, then spread values, types cycled. The k-th parameter's ends
    are crossed in the calls of its k-th type (``_crossed``)."""
    low, high = p.sample
    low = _nudge_in(p, low, up=True)
    high = _nudge_in(p, high, up=False)
    ends = [low, high]
    values = []
    types = list(p.types)
    real = "float" if "float" in types else "numpy-float"  # the kind of the two values after the corners
    after_corners = {2 * len(types): _fraction(p), 2 * len(types) + 1: _under_top(p)}
    for i in range(count):
        kind = types[i % len(types)]
        if i < 2 * len(types):
            x = ends[(i // len(types) + _crossed(k, i, len(types))) % 2]
        elif after_corners.get(i) is not None:
            x, kind = after_corners[i], real
        else:
            x = _spread(p, rng, low, high)
        values.append(_cast(p, kind, x, low, high))
    return values


def _crossed(k: int, i: int, types: int) -> int:
    """1 where the k-th parameter's end is swapped in corner call i: in the calls of its k-th type (the
    first type's calls keep every end together: all smallest, all largest). Without it the smallest of one
    argument only ever met the smallest of the others, and a case for P = 1 read as one for N = 1."""
    return int(k % types != 0 and i % types == k % types)


def _under_top(p: Param) -> float | None:
    """A value just under a top the lesson sets and the draw reaches (utilization 0.95 of at most 1), where a
    log spread seldom goes: a cap at 0.9 shows there, not only at 1."""
    if p.kind != "real" or p.high == math.inf or p.sample is None or p.sample[1] != p.high:
        return None
    x = float(f"{p.high - 0.05 * (p.high - p.sample[0]):.3g}")
    return x if p.in_range(x) and x > p.sample[0] else None


def _nudge_in(p: Param, x: float, up: bool) -> float:
    """An exclusive end moved just inside (utilization above 0: 1e-6 of the range, not 0 itself)."""
    if p.in_range(x):
        return x
    span = abs(p.sample[1] - p.sample[0]) or 1.0
    step = x * 1e-3 if p.spread == "log" and x > 0 else span * 1e-6
    return x + step if up else x - step


def _spread(p: Param, rng: np.random.Generator, low: float, high: float) -> float:
    if p.spread == "log":
        return float(math.exp(rng.uniform(math.log(low), math.log(high))))
    return float(rng.uniform(low, high))


def _cast(p: Param, kind: str, x: float, low: float, high: float):
    """``x`` as ``kind``; whole-valued where the kind is whole or an int type, kept inside the range."""
    if p.kind == "whole" or kind in ("int", "numpy-int"):
        whole = math.ceil(x) if x <= low else math.floor(x) if x >= high else round(x)
        whole = max(whole, math.ceil(low)) if p.in_range(math.ceil(low)) else whole
        if not p.in_range(whole):
            kind = "float" if "float" in p.types else kind  # no whole number here: keep the real one
        else:
            x = whole
    if p.kind == "whole" and kind in ("float", "numpy-float"):
        x = float(round(x))
    if kind in ("int", "numpy-int"):
        return _CASTS[kind](round(x))
    return _CASTS[kind](float(x))


def sequence(contract: Contract, calls) -> list[tuple[tuple, dict]]:
    """Calls in one process that show an answer kept from an earlier call: the first call, then it with each
    argument in turn taken from the others, then the first again, then the first with the arguments that have a
    default left out (a utilization remembered instead of the peak), then the first with each float argument
    moved by one part in 10⁴ (a cache keyed by a rounded value, ``round(elapsed, 2)``, answers that with the first
    call's answer: issue 21's fourth held-out round), an int one as a float where the contract allows floats."""
    first, *others = calls
    calls = [first]
    for i in range(len(first[0])):
        for other in others[:2]:
            args = list(first[0])
            args[i] = other[0][i]
            calls.append((tuple(args), {}))
    calls.append(first)
    params, args = contract.params, list(first[0])
    while args and len(args) <= len(params) and params[len(args) - 1].default is not None:
        if args[-1] == params[len(args) - 1].default:
            break  # the same value again: leaving it out says nothing
        args.pop()
    if len(args) < len(first[0]):
        calls.append((tuple(args), {}))
    for i, (p, x) in enumerate(zip(params, first[0], strict=False)):
        whole = isinstance(x, (int, np.integer)) and not isinstance(x, bool) and "float" in p.types
        if p.kind == "real" and (whole or isinstance(x, (float, np.floating))) and math.isfinite(x) and x != 0:
            near = next((y for y in (x * (1 + 1e-4), x * (1 - 1e-4)) if p.in_range(y)), None)
            if near is not None:
                calls.append(((*first[0][:i], float(near) if whole else type(x)(near), *first[0][i + 1:]), {}))
    return calls


def refusals(contract: Contract, base: tuple) -> list[tuple[tuple, dict]]:
    """Calls just outside each range the lesson says raises ValueError, in every type the range
    declares: ``base`` with one argument moved past an end (the end itself where it is excluded, the
    nearest whole number outside it for an int type), or NaN for a float type. Refusals asked in one
    type only passed a function that tests its range only for that type (``isinstance(u, float)``:
    utilization 0 and 2 answered, issue 25's round 8)."""
    calls = []
    for i, p in enumerate(contract.params):
        if p.kind == "array" or not p.outside:
            continue
        for value in _outside(p):
            args = list(base)
            while len(args) <= i:
                args.append(contract.params[len(args)].default)
            args[i] = value
            calls.append((tuple(args), {}))
    return calls


_REFUSED_FIRST = ("float", "int", "numpy-float", "numpy-int")  # the order refusals are asked (and failures said) in


def _outside(p: Param) -> list:
    """The values past each end of ``p``'s range, once in each declared type."""
    past = []
    if math.isfinite(p.low):
        past += [p.low] if p.low_open else [p.low - 1 if p.kind == "whole" else p.low - abs(p.low or 1) * 0.5]
        past += [-1] if p.low >= 0 else []
    if math.isfinite(p.high):
        past += [p.high] if p.high_open else [p.high + 1 if p.kind == "whole" else p.high * 1.5 or 0.5]
    values = []
    for kind in (k for k in _REFUSED_FIRST if k in p.types):
        if kind in ("int", "numpy-int"):
            values += [_CASTS[kind](int(v)) for v in (past if p.kind == "whole" else _whole_outside(p))]
        elif p.kind != "whole":
            values += [_CASTS[kind](float(v)) for v in past] + [_CASTS[kind](math.nan)]
    return [value for _, value in dict.fromkeys((type(v), v) for v in values)]


def _whole_outside(p: Param) -> list[int]:
    """The whole numbers nearest each end outside a real range: utilization 0, -1 and 2."""
    whole = []
    if math.isfinite(p.low):
        at = math.floor(p.low)
        whole += [at if not p.in_range(at) else at - 1]
        whole += [-1] if p.low >= 0 and -1 not in whole else []
    if math.isfinite(p.high):
        at = math.ceil(p.high)
        whole += [at if not p.in_range(at) else at + 1]
    return whole
