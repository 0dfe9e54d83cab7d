"""The lesson's contract: the arguments each function may be called with, declared once.

A check that calls a student's function with arguments the lesson does not allow grades
something the lesson never asked for: a right function may do anything there (issue 21: X
(4, 3) with W (5, 5), where the lesson says W is (d, d), failed a right loop). So each
function's domain is declared in ``lesson.toml`` under ``[contract.<function>]``, one inline
table per parameter, in the signature's order::

    [contract.prefill_seconds]
    N = { kind = "whole", min = 1, sample = [1, 1e13], spread = "log", types = ["int", "float"] }
    utilization = { kind = "real", above = 0, max = 1, outside = "ValueError", default = 1.0 }

and every call a check or a diagnosis makes is judged against it (``grader.grading.guard``):
inside, or outside where the lesson says what must happen (``outside = "ValueError"``), or a
bug of the suite, which ``grader validate`` reports. The same declaration draws a check's
inputs over the whole domain (``draw``): the smallest and largest values, ints, floats and
numpy scalars, not the lesson's examples alone.

Keys of a parameter (each optional but ``kind``):

- ``kind``: ``real`` (a number), ``whole`` (a number with an integral value), ``array`` (a
  float numpy array of ``shape``, a list of dimension names declared in ``[contract.<f>.dims]``
  as ``{ min, max }``; one name used twice must have one size);
- ``min``/``max`` (inclusive), ``above``/``below`` (exclusive): the valid range;
- ``types``: what a valid number may be, of ``int``, ``float``, ``numpy-int``, ``numpy-float``
  (default ``int``, ``float``, ``numpy-float``; a bool is never a number). A numpy float is a
  float, so any right function takes one; a numpy integer is not an int (``isinstance``,
  ``Decimal`` and ``Fraction`` refuse it or overflow in it), and a lesson that never hands one
  to a function does not ask for it: declare it where the lesson does;
- ``outside``: ``"ValueError"`` when the lesson says a value out of range raises it (NaN too);
- ``sample``: ``[low, high]``, where drawn values lie (within the range), ``spread``:
  ``"log"`` (orders of magnitude) or ``"linear"``;
- ``default``: the signature's default, used when a call leaves the argument out (a sequence of
  calls also leaves it out after passing another value: a value kept from the last call shows);
- ``example``: the lesson's own value (7e9 parameters, 5 tokens): a draw puts it beside values
  drawn for the others, so that code right only when all the lesson's numbers come together
  (``if n_out == 5: return 0.4``) shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from grader.exceptions import ConfigError

KINDS = ("real", "whole", "array")
TYPES = ("int", "float", "numpy-int", "numpy-float")
DEFAULT_TYPES = ("int", "float", "numpy-float")
_KEYS = {"kind", "min", "max", "above", "below", "types", "outside", "sample", "spread", "default", "shape",
         "example"}
INSIDE, EXPECTED_ERROR, OUTSIDE = "inside", "expected_error", "outside"


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    low: float = -math.inf
    high: float = math.inf
    low_open: bool = False
    high_open: bool = False
    types: tuple[str, ...] = DEFAULT_TYPES
    outside: str = ""  # "ValueError": the lesson says what a value out of range does
    sample: tuple[float, float] | None = None
    spread: str = "log"
    default: object = None
    shape: tuple[str, ...] = ()
    example: float | None = None

    def in_range(self, x: float) -> bool:
        if math.isnan(x):
            return False
        above = x > self.low if self.low_open else x >= self.low
        below = x < self.high if self.high_open else x <= self.high
        return above and below

    @property
    def range_text(self) -> str:
        left = "" if self.low == -math.inf else f"{self.name} {'>' if self.low_open else '≥'} {self.low:g}"
        right = "" if self.high == math.inf else f"{self.name} {'<' if self.high_open else '≤'} {self.high:g}"
        return " and ".join(part for part in (left, right) if part) or "any number"


@dataclass(frozen=True)
class Verdict:
    kind: str  # INSIDE, EXPECTED_ERROR or OUTSIDE
    reason: str = ""


@dataclass(frozen=True)
class Contract:
    function: str
    params: tuple[Param, ...]
    dims: dict = field(default_factory=dict)  # name -> (min, max)

    def bind(self, args: tuple, kwargs: dict) -> dict | None:
        """Arguments by parameter name, defaults filled in; None when they do not fit the signature."""
        names = [p.name for p in self.params]
        if len(args) > len(names) or set(kwargs) - set(names) or set(kwargs) & set(names[:len(args)]):
            return None
        bound = dict(zip(names, args, strict=False))
        bound.update(kwargs)
        for p in self.params:
            if p.name not in bound:
                if p.default is None:
                    return None
                bound[p.name] = p.default
        return bound

    def judge(self, args: tuple, kwargs: dict) -> Verdict:
        """Whether a call with these arguments is one the lesson allows, or one whose outcome it states."""
        bound = self.bind(args, kwargs)
        if bound is None:
            return Verdict(OUTSIDE, f"the arguments do not fit {self.function}'s parameters")
        sizes: dict[str, int] = {}
        expected = ""
        for p in self.params:
            value = bound[p.name]
            if p.kind == "array":
                problem = _array_problem(p, value, sizes, self.dims)
                if problem:
                    return Verdict(OUTSIDE, problem)
                continue
            kind = _number_type(value)
            if kind is None or kind not in p.types:
                return Verdict(OUTSIDE, f"{p.name} = {value!r} is not one of the types the lesson allows "
                                        f"({', '.join(p.types)})")
            x = float(value)
            if p.kind == "whole" and math.isfinite(x) and x != int(x):  # the lesson says nothing of 2.5 tokens
                return Verdict(OUTSIDE, f"{p.name} = {value!r} is not a whole number")
            if not math.isfinite(x) or not p.in_range(x):
                if not p.outside:
                    return Verdict(OUTSIDE, f"{p.name} = {value!r} is outside {p.range_text}")
                expected = expected or f"{p.name} = {value!r} is outside {p.range_text}"
        return Verdict(EXPECTED_ERROR, expected) if expected else Verdict(INSIDE)


def _number_type(value) -> str | None:
    import numpy as np  # not at module level: a single grade reads its lesson before it starts the worker

    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, np.integer):
        return "numpy-int"
    if isinstance(value, np.floating):
        return "numpy-float"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return None


def _array_problem(p: Param, value, sizes: dict, dims: dict) -> str:
    import numpy as np  # as in _number_type

    if type(value) is not np.ndarray or value.dtype.kind != "f":
        return f"{p.name} is not a float numpy array"
    if value.ndim != len(p.shape):
        return f"{p.name} has {value.ndim} axes, the lesson's ({', '.join(p.shape)}) has {len(p.shape)}"
    for name, size in zip(p.shape, value.shape, strict=False):
        if sizes.setdefault(name, size) != size:
            return f"{p.name}'s {name} is {size}, another argument's {name} is {sizes[name]}"
        low, high = dims.get(name, (1, math.inf))
        if not low <= size <= high:
            return f"{p.name}'s {name} = {size} is outside {low:g} ≤ {name} ≤ {high:g}"
    if not np.isfinite(value).all():
        return f"{p.name} holds a value that is not finite"
    return ""


def load_contracts(source: str, table: dict, functions: tuple[str, ...]) -> dict[str, Contract]:
    """The ``[contract]`` table of ``lesson.toml``, every problem a ConfigError naming its key."""
    if not isinstance(table, dict):
        raise ConfigError(source, "must be a table of [contract.<function>] tables", "contract")
    contracts = {}
    for function, params in table.items():
        where = f"contract.{function}"
        if function not in functions:
            raise ConfigError(source, f"names no function of a code task ({', '.join(functions)})", where)
        if not isinstance(params, dict):
            raise ConfigError(source, "must be a table of parameters", where)
        dims = {}
        for name, spec in (params.get("dims") or {}).items():
            if not isinstance(spec, dict) or not {"min", "max"} <= set(spec):
                raise ConfigError(source, "a dimension needs { min = …, max = … }", f"{where}.dims.{name}")
            dims[name] = (int(spec["min"]), int(spec["max"]))
        declared = tuple(_param(source, f"{where}.{name}", name, spec, dims)
                         for name, spec in params.items() if name != "dims")
        contracts[function] = Contract(function, declared, dims)
    return contracts


def _param(source: str, where: str, name: str, spec, dims: dict) -> Param:
    if not isinstance(spec, dict):
        raise ConfigError(source, "must be an inline table such as { kind = \"real\", above = 0 }", where)
    unknown = set(spec) - _KEYS
    if unknown:
        raise ConfigError(source, f"unknown keys {', '.join(sorted(unknown))} (known: {', '.join(sorted(_KEYS))})",
                          where)
    kind = spec.get("kind")
    if kind not in KINDS:
        raise ConfigError(source, f"'kind' must be one of {', '.join(KINDS)}", where)
    if kind == "array":
        shape = tuple(spec.get("shape", ()))
        if not shape or any(d not in dims for d in shape):
            raise ConfigError(source, "an array needs 'shape', a list of names declared in its dims", where)
        return Param(name, kind, shape=shape)
    types = tuple(spec.get("types", DEFAULT_TYPES))
    if not types or set(types) - set(TYPES):
        raise ConfigError(source, f"'types' must be a list of {', '.join(TYPES)}", where)
    if spec.get("outside", "ValueError") != "ValueError":
        raise ConfigError(source, "'outside' can only be \"ValueError\"", where)
    if ("min" in spec and "above" in spec) or ("max" in spec and "below" in spec):
        raise ConfigError(source, "give one of min/above and one of max/below", where)
    low = float(spec.get("min", spec.get("above", -math.inf)))
    high = float(spec.get("max", spec.get("below", math.inf)))
    sample = spec.get("sample")
    if sample is not None:
        sample = (float(sample[0]), float(sample[1]))
    elif math.isfinite(low) and math.isfinite(high):
        sample = (low, high)
    else:
        raise ConfigError(source, "an unbounded range needs 'sample = [low, high]'", where)
    spread = spec.get("spread", "log")
    if spread not in ("log", "linear") or (spread == "log" and sample[0] <= 0):
        raise ConfigError(source, "'spread' is \"log\" (positive samples only) or \"linear\"", where)
    example = spec.get("example")
    if example is not None and (isinstance(example, bool) or not isinstance(example, (int, float))):
        raise ConfigError(source, "'example' must be a number", where)
    param = Param(name, kind, low, high, "above" in spec, "below" in spec, types, spec.get("outside", ""),
                  sample, spread, spec.get("default"), example=example)
    for end in sample:
        if not param.in_range(end) and end not in (low, high):
            raise ConfigError(source, f"sample end {end:g} is outside {param.range_text}", where)
    if example is not None and not param.in_range(float(example)):
        raise ConfigError(source, f"example {example:g} is outside {param.range_text}", where)
    return param
