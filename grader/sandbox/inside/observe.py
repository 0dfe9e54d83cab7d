"""Inside the worker: what a call computed on the way, not only what it returned.

A check that sees a wrong value cannot tell *why* it is wrong: did ``prefill_seconds`` call
``prefill_flops`` at all, what did the helper return, was ``np.allclose`` what compared the
sums? So an observed call runs under ``sys.setprofile`` and sends back, beside its value, each
finished frame of the submission's own code (its locals at the end, its return value), the
calls of a few numpy functions made directly from it (``LIBRARY``), and who called whom. A
frame is the submission's when its globals are the submission's (``scope``: the module's
``__dict__``, a notebook kernel's user namespace), so helpers, lambdas and comprehensions
count and numpy's own frames do not.

Everything is captured at the moment it is seen (arrays copied) and bounded here, but the
document is the submission's data like any reply: its code runs in this process and may
rewrite this module, so ``grader.sandbox.observation`` validates and bounds it again.

A perturbed call replaces ``numpy.cumsum`` for that call only, so that a check can see
whether the function's result follows its running sums (``Perturbation``).
"""

from __future__ import annotations

import itertools
import opcode
import sys
from decimal import Decimal
from fractions import Fraction

import numpy as np

from grader.sandbox import codec

LIBRARY_NAMES = ("numpy.cumsum", "numpy.allclose", "numpy.isclose", "numpy.array_equal", "numpy.array_equiv",
                 "numpy.testing.assert_allclose", "numpy.testing.assert_array_equal",
                 "numpy.testing.assert_array_almost_equal", "numpy.sum", "numpy.tril", "numpy.triu")
MAX_FRAMES = 200  # recorded, in the order they were called (the function called is always the first)
MAX_LOCALS = 40  # per frame
MAX_LIBRARY = 200
MAX_CALLS = 1000  # (caller, callee) pairs
MAX_ELEMENTS = 100_000  # per array; a larger one is seen as its type and shape only
MAX_BYTES = 8 * 1024 * 1024  # of the whole observation: array bytes, string characters, 16 per other value
MAX_STRING = 1000
MAX_ITEMS = 1000  # per list, tuple or dict
MAX_DEPTH = 6  # of nested containers
MAX_NAME = 200
MAX_SHARED = 8  # pairs of a frame's arrays that are one array in memory, and lists of one array repeated
MAX_SHARED_ARRAYS = 12  # a frame's arrays compared pairwise (66 pairs), and items of one list in a row

_LIBRARY: dict = {}  # code object -> (its name in LIBRARY_NAMES, how many of its parameters have defaults)
_FOUND: set = set()  # the names of LIBRARY_NAMES found so far
_RETURNS = {opcode.opmap[name] for name in ("RETURN_VALUE", "RETURN_CONST") if name in opcode.opmap}
_YIELD = opcode.opmap["YIELD_VALUE"]
_SETPROFILE = sys.setprofile
_SHARES = np.shares_memory  # taken before the submission runs, as _SETPROFILE is
_OWN = globals()
_LEAVES = frozenset((type(None), bool, int, float, complex, str, Fraction, Decimal)) | \
    {np.dtype(t).type for t in "?bhilqBHILQefdgFDG"}
_QUALNAME, _MODULE = type.__dict__["__qualname__"].__get__, type.__dict__["__module__"].__get__


def collect() -> None:
    """Find the code objects of ``LIBRARY_NAMES``, from the real numpy functions: called before the
    submission runs (a module worker, before its import), so that a replaced ``numpy.sum`` is not
    mistaken for numpy's. A dispatcher or decorator is unwrapped to the function whose frame runs.

    Nothing is imported here: a worker that has switched to its user may no longer read the standard
    library (an interpreter under a private home), and ``numpy.testing`` costs a worker's start 40 ms
    or more. So its functions are found once something (the submission) has imported it, when a
    call is observed (``Observer``)."""
    for dotted in LIBRARY_NAMES:
        module, _, name = dotted.rpartition(".")
        target = getattr(sys.modules.get(module), name, None)
        for _ in range(10):
            if getattr(target, "__wrapped__", None) is None:
                break
            target = target.__wrapped__
        code = getattr(target, "__code__", None)
        if code is not None and dotted not in _FOUND:
            _LIBRARY[code] = (dotted, len(getattr(target, "__defaults__", None) or ()))
            _FOUND.add(dotted)


class Opaque:
    """A value that is not plain data, seen as its type's name (and an array's shape)."""

    def __init__(self, type_name: str, shape: tuple = ()):
        self.type_name, self.shape = type_name, shape


class _Pairs(list):
    """A dict's snapshot: its (key, value) pairs, so that no key is hashed again."""


def type_name(value) -> str:
    """The exact class's name, read without running anything the class defines."""
    cls = type(value)
    try:
        qualname, module = _QUALNAME(cls), _MODULE(cls)
    except Exception:  # noqa: BLE001 - a class without the usual names is still an object
        return "object"
    if type(qualname) is not str or type(module) is not str:
        return "object"
    return (qualname if module == "builtins" else f"{module}.{qualname}")[:MAX_NAME]


class Observer:
    """Collects one call's observation (see the module docstring); ``hook`` is the profile function."""

    def __init__(self, scope: dict):
        if len(_FOUND) < len(LIBRARY_NAMES):
            collect()  # numpy.testing, imported since the worker started
        self.scope = scope
        self.frames: list = []  # one slot per recorded frame, filled when it finishes
        self.stack: list = []  # open submission frames: (frame, slot, depth)
        self.suspended: dict = {}  # id -> (frame, slot, depth) of a submission generator between yields
        self.pending: dict = {}  # id -> (frame, record) of a library call awaiting its return
        self.library: list = []
        self.calls: list = []
        self.left = MAX_BYTES
        self.complete = True
        self.perturbed = 0

    def run(self, func, args, kwargs):
        """Call ``func`` under the profiler, then put back the one that was there."""
        previous, hook = sys.getprofile(), self.hook
        sys.setprofile(hook)
        try:
            return func(*args, **kwargs)
        finally:
            replaced = sys.getprofile() is not hook
            sys.setprofile(previous)
            self.complete &= not replaced

    def hook(self, frame, event, arg):
        try:
            if event == "call":
                self._call(frame)
            elif event == "return":
                self._return(frame, arg)
            elif event == "c_call" and arg is _SETPROFILE and frame.f_globals is not _OWN:
                self.complete = False  # the submission replaces the profiler: what follows is not seen
        except BaseException:  # noqa: BLE001 - a profiler that raises would be removed, and raise in the call
            self.complete = False

    def _call(self, frame) -> None:
        if frame.f_globals is self.scope:
            resumed = self.suspended.pop(id(frame), None)
            if resumed is not None and resumed[0] is frame:
                self.stack.append(resumed)
                return
            name = frame.f_code.co_name[:MAX_NAME]
            if len(self.calls) < MAX_CALLS:
                self.calls.append((self.stack[-1][0].f_code.co_name[:MAX_NAME] if self.stack else "", name))
            else:
                self.complete = False
            slot = len(self.frames) if len(self.frames) < MAX_FRAMES else -1
            if slot < 0:
                self.complete = False
            else:
                self.frames.append(None)
            self.stack.append((frame, slot, len(self.stack)))
            return
        known = _LIBRARY.get(frame.f_code)
        if known is None:
            return
        caller = waiter = frame.f_back
        if caller is not None and caller.f_code is _WRAPPER_CODE:  # numpy.cumsum, perturbed: called through us
            caller = caller.f_back
        else:
            waiter = frame
        if caller is None or caller.f_globals is not self.scope:
            return  # numpy calling itself, or anyone else
        if len(self.library) >= MAX_LIBRARY:
            self.complete = False
            return
        (name, defaults), code, names = known, frame.f_code, frame.f_locals
        positional = code.co_varnames[:code.co_argcount]
        args = [self.snapshot(names.get(n)) for n in positional[:len(positional) - defaults]]
        keywords = positional[len(positional) - defaults:] + \
            code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
        record = {"function": name, "args": args, "kwargs": [(n, self.snapshot(names.get(n))) for n in keywords]}
        self.library.append(record)
        self.pending[id(waiter)] = (waiter, record)

    def _return(self, frame, arg) -> None:
        if frame.f_globals is not self.scope:
            waiting = self.pending.pop(id(frame), None) if self.pending else None
            if waiting is not None and waiting[0] is frame and _returned(frame, arg):
                waiting[1]["returned"] = self.snapshot(arg)
            return
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] is frame:
                entry = self.stack.pop(index)
                break
        else:
            return  # a frame that was open before the profiler: not this call's
        if frame.f_lasti >= 0 and frame.f_code.co_code[frame.f_lasti] == _YIELD:
            self.suspended[id(frame)] = entry  # a generator paused: it finishes later, or never
            return
        if entry[1] < 0:
            return
        names = list(frame.f_locals.items())
        if len(names) > MAX_LOCALS:
            names, self.complete = names[:MAX_LOCALS], False
        record = {"function": frame.f_code.co_name[:MAX_NAME], "depth": entry[2],
                  "locals": [(str(n)[:MAX_NAME], self.snapshot(v)) for n, v in names if type(n) is str]}
        if _returned(frame, arg):
            record["returned"] = self.snapshot(arg)
        record.update(shared(names))
        self.frames[entry[1]] = record

    def snapshot(self, value, depth: int = 0):
        """``value`` as it is now: plain data copied (arrays too), anything else ``Opaque``, all within bounds."""
        cls = type(value)
        if cls in _LEAVES:
            if cls is str and len(value) > MAX_STRING:
                value, self.complete = value[:MAX_STRING], False
            if cls is int and value.bit_length() > 10_000:
                return self._cut(Opaque("int"))
            self.left -= len(value) if cls is str else 16
            return value if self.left >= 0 else self._cut(Opaque(cls.__name__))
        if cls is np.ndarray:
            shape = tuple(value.shape)
            if value.dtype.hasobject or value.dtype.fields is not None:
                return Opaque(f"numpy array of dtype {value.dtype.str}"[:MAX_NAME], shape)
            if value.size > MAX_ELEMENTS or value.nbytes > self.left:
                return self._cut(Opaque("numpy.ndarray", shape))
            self.left -= value.nbytes + 16
            return np.array(value, copy=True)
        if cls in (list, tuple, dict):
            if depth >= MAX_DEPTH or self.left < 16:
                return self._cut(Opaque(cls.__name__))
            self.left -= 16
            if len(value) > MAX_ITEMS:
                self.complete = False
            if cls is dict:
                items = list(value.items())[:MAX_ITEMS]
                return _Pairs((self.snapshot(k, depth + 1), self.snapshot(v, depth + 1)) for k, v in items)
            items = [self.snapshot(item, depth + 1) for item in value[:MAX_ITEMS]]
            return items if cls is list else tuple(items)
        return Opaque(type_name(value))

    def _cut(self, opaque: Opaque) -> Opaque:
        self.complete = False
        return opaque

    def document(self, blobs: codec.Blobs) -> dict:
        """The observation as a codec document, its arrays' bytes added to ``blobs``."""
        frames = [{**{k: v for k, v in f.items() if k not in ("locals", "returned")},
                   "locals": [[n, encode(v, blobs)] for n, v in f["locals"]],
                   **({"returned": encode(f["returned"], blobs)} if "returned" in f else {})}
                  for f in self.frames if f is not None]
        library = [{"function": r["function"], "args": [encode(v, blobs) for v in r["args"]],
                    "kwargs": [[n, encode(v, blobs)] for n, v in r["kwargs"]],
                    **({"returned": encode(r["returned"], blobs)} if "returned" in r else {})} for r in self.library]
        return {"frames": frames, "library": library, "calls": [list(pair) for pair in self.calls],
                "perturbed": self.perturbed, "complete": self.complete}


def shared(names: list) -> dict:
    """Which of a frame's locals are one array in memory, read now, as copies cannot tell it later: pairs of
    arrays of one shape (``par = np.cumsum(XW, out=XW)``, ``seq = XW``), and lists or tuples
    that hold one array again and again (``rows.append(running)`` with ``running += ...``). A check that sees
    wrong sums can then say where they came from. Empty lists are left out."""
    arrays = [(n, v) for n, v in names if type(n) is str and type(v) is np.ndarray][:MAX_SHARED_ARRAYS]
    pairs = [[a, b] for i, (a, x) in enumerate(arrays) for b, y in arrays[i + 1:]
             if x.shape == y.shape and _one_array(x, y)]  # (a loop's row of a matrix is part of it, not it)
    repeated = [n for n, v in names if type(n) is str and type(v) in (list, tuple) and _repeats(v)]
    return {k: v[:MAX_SHARED] for k, v in (("shared", [[a[:MAX_NAME], b[:MAX_NAME]] for a, b in pairs]),
                                           ("repeated", [n[:MAX_NAME] for n in repeated])) if v}


def _one_array(x, y) -> bool:
    try:
        return x is y or bool(_SHARES(x, y, max_work=1000))
    except Exception:  # noqa: BLE001 - too hard to tell (numpy's TooHardError), or a broken array: not said
        return False


def _repeats(items) -> bool:
    """Whether two items in a row of a list or tuple are one array (the first MAX_SHARED_ARRAYS items)."""
    arrays = [item for item in items[:MAX_SHARED_ARRAYS] if type(item) is np.ndarray]  # (a slice: never the whole)
    return any(_one_array(a, b) for a, b in itertools.pairwise(arrays))


def _returned(frame, arg) -> bool:
    """Whether a 'return' event is a return (a frame that raises also ends with one, its value None)."""
    return arg is not None or (frame.f_lasti >= 0 and frame.f_code.co_code[frame.f_lasti] in _RETURNS)


def encode(snap, blobs: codec.Blobs, depth: int = 0):
    """A snapshot as a codec document; ``{"t": "opaque"}`` marks what is not plain data."""
    cls = type(snap)
    if cls is Opaque:
        return {"t": "opaque", "type": snap.type_name, "shape": list(snap.shape)}
    if cls is list:
        return [encode(item, blobs, depth + 1) for item in snap]
    if cls is tuple:
        return {"t": "tuple", "v": [encode(item, blobs, depth + 1) for item in snap]}
    if cls is _Pairs:
        return {"t": "dict", "v": [[encode(k, blobs, depth + 1), encode(v, blobs, depth + 1)] for k, v in snap]}
    try:
        return codec.encode(snap, blobs, depth)
    except codec.Unsupported:
        return {"t": "opaque", "type": type_name(snap), "shape": []}


class Perturbation:
    """``numpy.cumsum`` (the module's attribute) replaced for one call, when ``spec`` asks for it: the
    first 2-D floating result it gives is returned with ``scale * (1 + max|result|)`` added to the
    chosen rows (``all``, ``first``, ``last``). Put back when the call ends, however it ends."""

    def __init__(self, spec: dict | None, observer: Observer):
        self.rows = {"all": slice(None), "first": 0, "last": -1}[spec["rows"]] if spec is not None else None
        self.scale, self.observer = float(spec["scale"]) if spec is not None else 0.0, observer
        self.real = None

    def __enter__(self):
        if self.rows is not None:
            self.real = np.cumsum
            np.cumsum = _wrapper(self.real, self)
        return self

    def __exit__(self, *exc_info):
        if self.real is not None:
            np.cumsum = self.real

    def apply(self, result):
        if self.observer.perturbed or type(result) is not np.ndarray or result.ndim != 2 \
                or result.dtype.kind != "f" or result.size == 0:
            return result
        changed = np.array(result, copy=True)
        changed[self.rows] += self.scale * (1 + float(np.max(np.abs(changed))))
        self.observer.perturbed += 1
        return changed


def _wrapper(real, perturbation):
    def cumsum(*args, **kwargs):
        return perturbation.apply(real(*args, **kwargs))
    return cumsum


_WRAPPER_CODE = _wrapper(None, None).__code__


def check_perturb(spec) -> str:
    """Why a perturbation request cannot be served ("" when it can)."""
    if type(spec) is not dict or spec.get("function") != "cumsum" or spec.get("rows") not in ("all", "first", "last"):
        return "a perturbation names numpy.cumsum and rows all, first or last"
    if type(spec.get("scale")) not in (int, float):
        return "a perturbation's scale is a number"
    return ""
