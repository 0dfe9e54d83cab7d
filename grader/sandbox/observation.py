"""What an observed call computed on the way, read from the worker's document and trusted in nothing.

``StudentModule.call_observed`` returns, beside the value, an ``Observation``: each finished frame
of the submission's own code with its locals and return value, the calls of a few numpy functions
it made directly, who called whom, and how many results a perturbation changed. The worker builds
it (``grader.sandbox.inside.observe``), but student code runs in that process and may have
rewritten the builder, so this module reads the document as hostile data, like any reply: every
field's exact type is checked, every size bounded (at most the worker's own bounds), and anything
malformed or beyond a bound is dropped, or stands as an ``Opaque`` marker, with ``complete``
False. Values are only what crosses the codec; nothing is executed or unpickled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from grader.sandbox import codec

MAX_FRAMES = 200
MAX_LOCALS = 40
MAX_LIBRARY = 200
MAX_CALLS = 1000
MAX_ELEMENTS = 100_000
MAX_BYTES = 8 * 1024 * 1024  # array bytes, string characters and 16 per other value, over the whole observation
MAX_STRING = 1000
MAX_ITEMS = 1000
MAX_DEPTH = 6
MAX_NAME = 200
MAX_SHARED = 8
LIBRARY_NAMES = frozenset((
    "numpy.cumsum", "numpy.allclose", "numpy.isclose", "numpy.array_equal", "numpy.array_equiv",
    "numpy.testing.assert_allclose", "numpy.testing.assert_array_equal", "numpy.testing.assert_array_almost_equal",
    "numpy.sum", "numpy.tril", "numpy.triu"))


class _NotReturned:
    """The ``returned`` of a frame or library call that raised instead."""

    def __repr__(self) -> str:
        return "NOT_RETURNED"

    def __reduce__(self) -> str:
        return "NOT_RETURNED"  # copies and pickles stay the one sentinel


NOT_RETURNED = _NotReturned()


@dataclass(frozen=True)
class Opaque:
    """A value that was not plain data (a generator, a module, an object), or was too large to send:
    its type's name, and an array's shape."""

    type_name: str
    shape: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Frame:
    """One finished frame of the submission's code; ``depth`` 0 is the function called."""

    function: str
    depth: int
    locals: dict[str, object]
    returned: object  # NOT_RETURNED when it raised
    shared: tuple[tuple[str, str], ...] = ()  # pairs of its locals that were one array in memory
    repeated: tuple[str, ...] = ()  # its list or tuple locals holding one array in two items in a row


@dataclass(frozen=True)
class LibraryCall:
    """A call of one of ``LIBRARY_NAMES`` made directly from the submission's code. ``args``: the
    parameters without a default, in order; ``kwargs``: the others by name (as bound, defaults
    included)."""

    function: str
    args: tuple
    kwargs: dict[str, object]
    returned: object  # NOT_RETURNED when it raised (an assert_allclose that failed)

    @property
    def written(self) -> str:
        """The call as feedback names it, with the tolerances it was given: ``np.allclose(atol=1e-12)``."""
        tolerances = ", ".join(f"{k}={v!r}" for k, v in self.kwargs.items() if k in ("rtol", "atol"))
        name = self.function.replace("numpy.", "np.")
        return f"{name}({tolerances})" if tolerances else name


@dataclass(frozen=True)
class Observation:
    """What one call computed on the way (see the module docstring); empty and incomplete when the
    worker sent nothing readable."""

    frames: tuple[Frame, ...] = ()  # in the order they were called
    library: tuple[LibraryCall, ...] = ()
    calls: tuple[tuple[str, str], ...] = ()  # (caller, callee); the caller of the function called is ""
    perturbed: int = 0  # library results a perturbation changed
    complete: bool = False  # nothing was cut or dropped, and the profiler stayed in place

    def values(self):
        """Every value observed: the frames' locals and returns, the numpy calls' arguments and results (a one-line
        function keeps its intermediate arrays only there)."""
        for frame in self.frames:
            yield from frame.locals.values()
            yield frame.returned
        for call in self.library:
            yield from (*call.args, *call.kwargs.values(), call.returned)

    def one_array(self, limit: int = 2) -> list[str]:
        """What the frames said was one array in memory, in words: two names for one array, where a change in
        place to one (``out=``, ``+=``, ``a[i] = ...``) is a change to the other, and a list holding one array
        again and again. Facts, not causes: said beside what each array held, they show where a wrong sum came
        from (an X @ W overwritten by its own running sum; rows that all hold the last total)."""
        said = []
        for frame in self.frames:
            where = f" (in {frame.function})" if frame.depth else ""
            said += [f"`{a}` and `{b}`{where} are one array in memory: a change made in place to one (by out=, += "
                     "or assigning into it) is a change to the other" for a, b in frame.shared]
            said += [f"the arrays in `{name}`{where} are one array in memory, put in again and again: a change made "
                     "in place to it changes every entry, so each holds its last value" for name in frame.repeated]
        return said[:limit]


def held_arrays(frames, shape: tuple[int, ...], leave_out=()) -> list[tuple[str, np.ndarray]]:
    """The float arrays of ``shape`` that ``frames`` ((function, depth, locals) each, a submission's or a model's)
    held, as (name as feedback shows it, array), those equal to one of ``leave_out`` (the inputs) left out. A list
    of equally long float vectors, one per row, counts as the array it stacks into: a loop's rows appended."""
    out = []
    for function, depth, names in frames:
        for name, value in names.items():
            if isinstance(value, list) and len(value) == shape[0] and value and all(
                    isinstance(v, np.ndarray) and v.shape == shape[1:] and v.dtype.kind == "f" for v in value):
                value = np.stack(value)
            if isinstance(value, np.ndarray) and value.shape == shape and value.dtype.kind == "f" \
                    and not any(np.array_equal(value, other) for other in leave_out):
                out.append((f"`{name}`" + (f" (in {function})" if depth else ""), value))
    return out


def same_wrong(held, modelled, right: np.ndarray) -> bool:
    """The same arrays that are not ``right``, by value, in ``held`` and ``modelled`` (``held_arrays`` of a submission
    and of a model): the model's mistake seen on the way. Where neither holds a wrong one, both held two that agree
    within rounding and said they do not: the comparison (two arrays each)."""
    ours = [a for _, a in held if not np.allclose(a, right)]
    theirs = [a for _, a in modelled if not np.allclose(a, right)]
    if not ours and not theirs:
        return len(held) >= 2 and len(modelled) >= 2
    if not ours or len(ours) != len(theirs):
        return False
    left = list(theirs)
    for value in ours:
        match = next((i for i, t in enumerate(left) if np.allclose(value, t)), None)
        if match is None:
            return False
        left.pop(match)
    return True


@dataclass
class _Reader:
    """Decodes one document's values within one budget; ``cut`` records anything dropped."""

    blob: bytes
    left: int = MAX_BYTES
    cut: bool = False

    def value(self, doc, depth: int = 0):
        """A value node: plain data, a container of them, or an Opaque marker."""
        kind = type(doc)
        if doc is None or kind is bool or kind is int or kind is float:
            return self._spend(16, doc)
        if kind is str:
            return self._spend(len(doc), doc if len(doc) <= MAX_STRING else self._cut_text(doc))
        if depth >= MAX_DEPTH and (kind is list or (kind is dict and doc.get("t") in ("tuple", "dict"))):
            return self._opaque("nested too deeply")
        if kind is list:
            return self._spend(16, [self.value(item, depth + 1) for item in self.items(doc)])
        if kind is not dict:
            return self._opaque("unreadable")
        tag = doc.get("t")
        if tag == "opaque":
            return self._marker(doc)
        if tag == "tuple" and type(doc.get("v")) is list:
            return self._spend(16, tuple(self.value(item, depth + 1) for item in self.items(doc["v"])))
        if tag == "dict" and type(doc.get("v")) is list:
            out = {}
            for pair in self.items(doc["v"]):
                if type(pair) is not list or len(pair) != 2:
                    self.cut = True
                    continue
                key = self.value(pair[0], depth + 1)
                try:
                    out[key] = self.value(pair[1], depth + 1)
                except TypeError:  # an unhashable key (a list, an array)
                    self.cut = True
            return self._spend(16, out)
        if tag == "ndarray":
            shape = doc.get("shape")
            if type(shape) is not list or len(shape) > 64 or not all(type(n) is int and 0 <= n <= 2**40 for n in shape):
                return self._opaque("unreadable")
            if math.prod(shape) > MAX_ELEMENTS:  # exact ints (np.prod is 10 µs a call, and this runs per value)
                return self._opaque("numpy.ndarray", tuple(shape))
        if tag not in ("ndarray", "npscalar", "int", "float"):
            return self._opaque("unreadable")
        try:
            value = codec.decode(doc, self.blob)
        except codec.CodecError:
            return self._opaque("unreadable")
        size = value.nbytes if type(value) is np.ndarray else 16
        if type(value) is int:
            size += value.bit_length() // 8
        if size > self.left:
            return self._opaque("numpy.ndarray", tuple(value.shape)) if type(value) is np.ndarray else \
                self._opaque(type(value).__name__)
        return self._spend(size, value)

    def items(self, items: list, limit: int = MAX_ITEMS) -> list:
        if len(items) > limit:
            self.cut = True
        return items[:limit]

    def _spend(self, size: int, value):
        self.left -= size
        return value if self.left >= 0 else self._opaque(type(value).__name__)

    def _cut_text(self, text: str) -> str:
        self.cut = True
        return text[:MAX_STRING]

    def _opaque(self, name: str, shape: tuple | None = None) -> Opaque:
        self.cut = True
        return Opaque(name, shape)

    def _marker(self, doc: dict) -> Opaque:
        """A marker the worker sent: a bounded name, and a shape of whole numbers only."""
        name = doc.get("type")
        shape = doc.get("shape")
        if type(shape) is list and 0 < len(shape) <= 32 and all(type(n) is int and 0 <= n <= 2**40 for n in shape):
            shape = tuple(shape)
        else:
            shape = None
        return Opaque(name[:MAX_NAME] if type(name) is str else "object", shape)

    def named(self, pairs, limit: int) -> dict[str, object]:
        """[[name, value], ...] as a dict of at most ``limit`` names."""
        out: dict[str, object] = {}
        if type(pairs) is not list:
            self.cut = True
            return out
        if len(pairs) > limit:
            self.cut = True
        for pair in pairs[:limit]:
            if type(pair) is list and len(pair) == 2 and type(pair[0]) is str and len(pair[0]) <= MAX_NAME:
                out[pair[0]] = self.value(pair[1])
            else:
                self.cut = True
        return out

    def returned(self, doc: dict):
        return self.value(doc["returned"]) if "returned" in doc else NOT_RETURNED


def parse(doc, blob: bytes) -> Observation:
    """The Observation a worker's ``observed`` document describes, keeping only what is well formed."""
    if type(doc) is not dict:
        return Observation()
    reader = _Reader(blob)
    frames = [_frame(entry, reader) for entry in _bounded(doc.get("frames"), MAX_FRAMES, reader)]
    library = [_library_call(entry, reader) for entry in _bounded(doc.get("library"), MAX_LIBRARY, reader)]
    pairs = _bounded(doc.get("calls"), MAX_CALLS, reader)
    calls = tuple((pair[0], pair[1]) for pair in pairs
                  if type(pair) is list and len(pair) == 2 and all(type(n) is str and len(n) <= MAX_NAME for n in pair))
    perturbed = doc.get("perturbed")
    if type(perturbed) is not int or not 0 <= perturbed <= 1_000_000:
        perturbed, reader.cut = 0, True
    kept = tuple(f for f in frames if f is not None), tuple(c for c in library if c is not None)
    dropped = len(kept[0]) < len(frames) or len(kept[1]) < len(library) or len(calls) < len(pairs)
    complete = doc.get("complete") is True and not reader.cut and not dropped
    return Observation(kept[0], kept[1], calls, perturbed, complete)


def _bounded(entries, limit: int, reader: _Reader) -> list:
    if type(entries) is not list:
        reader.cut = True
        return []
    if len(entries) > limit:
        reader.cut = True
    return entries[:limit]


def _frame(doc, reader: _Reader) -> Frame | None:
    if type(doc) is not dict or type(doc.get("function")) is not str or len(doc["function"]) > MAX_NAME \
            or type(doc.get("depth")) is not int or not 0 <= doc["depth"] < 1_000_000:
        return None
    names = reader.named(doc.get("locals"), MAX_LOCALS)
    pairs, repeated = doc.get("shared", []), doc.get("repeated", [])  # names the locals hold, or dropped
    shared = tuple((p[0], p[1]) for p in (pairs if type(pairs) is list else [])[:MAX_SHARED]
                   if type(p) is list and len(p) == 2 and all(type(n) is str and n in names for n in p))
    lists = tuple(n for n in (repeated if type(repeated) is list else [])[:MAX_SHARED] if type(n) is str and n in names)
    return Frame(doc["function"], doc["depth"], names, reader.returned(doc), shared, lists)


def _library_call(doc, reader: _Reader) -> LibraryCall | None:
    if type(doc) is not dict or type(doc.get("function")) is not str or doc["function"] not in LIBRARY_NAMES \
            or type(doc.get("args")) is not list:
        return None
    args = tuple(reader.value(item) for item in reader.items(doc["args"], 20))
    return LibraryCall(doc["function"], args, reader.named(doc.get("kwargs"), 20), reader.returned(doc))
