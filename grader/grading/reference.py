"""The reference the checks compare with: the solution module, or its recorded answers.

``load_reference`` imports the lesson's solution under a private name in the trusted
process. Where the solution is not shipped (a student bundle), a ``Replay`` stands in.

A public check may compare with the reference solution (``reference.causal_mask(5)``), but
the student bundle must not hold the solution. ``grader release`` therefore runs the public
checks once against the solution and the lesson's mutants (so that the calls a wrong
answer leads to are seen too) with every reference function wrapped to record its
arguments and result, and ships that table as ``suites/<lesson>/reference_calls.json``.
Where the solution file is missing, ``load_reference`` falls back to a Replay of it: the
same calls give the same values, so a public check behaves as it does in the full suite. A
call that was never recorded fails its check with a plain explanation; it never passes unseen.

Values are stored exactly: floats by ``repr``, arrays and numpy scalars as dtype, shape
and raw bytes. Only the functions of the solution module can be replayed.

``InStudentsPlace`` puts the solution module where a check expects the student: when a
check breaks on what a submission returned, the suite runs it once more with the solution
answering its ``student`` calls, so that a check that works there is known to be sound and
the unusual value is the submission's (``grader.grading.suite``). A Replay cannot stand in:
it knows only the calls the public checks made on the solution, not a check's every call.

No verdict without its truth: a check that takes ``reference`` where there is neither the
solution nor a recording of it would have nothing to compare with. Before anything is graded
``require_reference`` makes that a configuration error naming the path and the accepted
layouts (``grader.lesson.solutions``); should a check still reach the fixture without one,
it raises ``ReferenceUnavailable`` and the check is an error result, never a pass or a skip
(``grader.grading.suite``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import signal
import threading
import types
from pathlib import Path

import numpy as np

from grader.checks import SizedCalls, fail
from grader.describe import format_call
from grader.exceptions import ConfigError, MissingFunction
from grader.grading.remembered import PLAIN, remember_answers
from grader.grading.sizes import owned
from grader.lesson.manifest import Lesson
from grader.lesson.solutions import RECORDING, checks_needing_reference, require_reference
from grader.sandbox.summary import Summary, of_value

__all__ = ["checks_needing_reference", "require_reference"]  # read from here by the grading modules and tests

FILENAME = RECORDING  # beside the suite (lesson.solutions, where require_reference looks for it)
MAX_VALUE_BYTES = 1 << 20  # a larger argument or result is not recorded (its check then fails locally)

RECORDED: dict[str, object] = {}  # call key -> encoded result, filled by the wrappers below


class ReferenceUnavailable(Exception):
    """A check asked for the reference solution where there is none: it cannot be graded."""

    def __init__(self, message: str = "this check compares with the reference solution, which the grader does "
                 "not have here, so it cannot be graded: the grader's fault, not yours; tell your instructor"):
        super().__init__(message)


class Unrecordable(ValueError):
    """A value that has no exact, bounded encoding."""


def encode(value):
    """``value`` as exact JSON-ready data; raise Unrecordable for anything else."""
    if isinstance(value, (np.ndarray, np.generic)):
        if value.dtype.kind not in "biuf" or value.nbytes > MAX_VALUE_BYTES:
            raise Unrecordable(f"cannot record an array of dtype {value.dtype} and {value.nbytes} bytes")
        array = np.asarray(value)
        return {"array" if isinstance(value, np.ndarray) else "scalar": array.dtype.str,
                "shape": list(array.shape), "hex": np.ascontiguousarray(array).tobytes().hex()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, (list, tuple)):
        return {"tuple" if isinstance(value, tuple) else "list": [encode(v) for v in value]}
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {"dict": {k: encode(v) for k, v in value.items()}}
    raise Unrecordable(f"cannot record a {type(value).__name__}")


def decode(data):
    if not isinstance(data, dict):
        return data
    if "float" in data:
        return float(data["float"])
    if "list" in data:
        return [decode(v) for v in data["list"]]
    if "tuple" in data:
        return tuple(decode(v) for v in data["tuple"])
    if "dict" in data:
        return {k: decode(v) for k, v in data["dict"].items()}
    kind = "array" if "array" in data else "scalar"
    array = np.frombuffer(bytes.fromhex(data["hex"]), dtype=np.dtype(data[kind])).reshape(data["shape"]).copy()
    return array if kind == "array" else array[()]


def call_key(function: str, args: tuple, kwargs: dict) -> str:
    return json.dumps([function, encode(tuple(args)), encode(dict(sorted(kwargs.items())))], sort_keys=True)


def memo_key(function: str, args: tuple, kwargs: dict) -> MemoKey:
    """``call_key``'s equality as a hashable value, for caches held in memory (never written down).

    Two calls get equal memo keys exactly when they get the same ``call_key``, but without
    JSON and hex: the models' caches look a call up for every model of every probe, and the
    JSON key was two fifths of diagnosing a wrong submission. Raises what ``call_key`` raises."""
    return MemoKey((function, _exact(tuple(args)), _exact(dict(kwargs))))


_KEYS: dict[tuple, tuple] = {}  # (function, id(args), id(kwargs)) -> (args, kwargs, key, items): kept_memo_key


def kept_memo_key(function: str, args: tuple, kwargs: dict) -> MemoKey:
    """``memo_key``, worked out once for the same argument objects where they are plain numbers and strings
    (immutable): the checks' constant probes are looked up by every check of every grade of a session, and
    their keys were a quarter of the rejection checks' time. Held strongly (so an id is never reused while
    kept), at most 4096 of them."""
    slot = (function, id(args), id(kwargs))
    kept, named = _KEYS.get(slot), tuple(kwargs.items())  # (a dict can change: its items are compared)
    if kept is not None and kept[0] is args and kept[1] is kwargs and kept[3] == named:
        return kept[2]
    key = memo_key(function, args, kwargs)
    if all(type(v) in PLAIN for v in (*args, *kwargs.values())):
        if len(_KEYS) >= 4096:
            _KEYS.clear()
        _KEYS[slot] = (args, kwargs, key, named)
    return key


class MemoKey:
    """A memo key: its tuple, with the tuple's hash worked out once (a tuple's hash is recomputed, all the
    way down, at every lookup, and a probe's key is looked up once per model of the lesson's function)."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: tuple):
        self.value, self._hash = value, hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (type(other) is MemoKey and self._hash == other._hash and self.value == other.value)


def _exact(value):
    """``encode``'s data as a hashable value: None, an int, a str, or a tuple tagged by its first item
    (so no leaf can equal a container or a bool, as none of their JSON texts can)."""
    if isinstance(value, (np.ndarray, np.generic)):
        if value.dtype.kind not in "biuf" or value.nbytes > MAX_VALUE_BYTES:
            raise Unrecordable(f"cannot record an array of dtype {value.dtype} and {value.nbytes} bytes")
        array = np.asarray(value)
        return ("array" if isinstance(value, np.ndarray) else "scalar", array.dtype.str, array.shape,
                np.ascontiguousarray(array).tobytes())
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool", value
    if isinstance(value, int):
        return int.__int__(value)  # JSON writes an int subclass as its number
    if isinstance(value, str):
        return str.__str__(value)  # and a str subclass as its characters
    if isinstance(value, float):
        return "float", repr(value)
    if isinstance(value, (list, tuple)):
        return "tuple" if isinstance(value, tuple) else "list", tuple([_exact(v) for v in value])
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return "dict", tuple(sorted(((str.__str__(k), _exact(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    raise Unrecordable(f"cannot record a {type(value).__name__}")


def recording_functions(path: str) -> dict:
    """The functions of the module at ``path``, each recording into RECORDED when called.

    Meant for a generated stand-in solution module: ``globals().update(recording_functions(...))``.
    """
    spec = importlib.util.spec_from_file_location("_grader_recorded_solution", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def wrap(name, function):
        def recorded(*args, **kwargs):
            result = function(*args, **kwargs)
            try:
                RECORDED[call_key(name, args, kwargs)] = encode(result)
            except Unrecordable:
                pass
            return result
        return recorded

    return {name: wrap(name, value) for name, value in vars(module).items()
            if callable(value) and getattr(value, "__module__", None) == module.__name__}


def stand_in_source(solution: Path) -> str:
    """The text of a module that stands in for ``solution`` while its calls are recorded."""
    return ("from grader.grading import reference as _reference\n"
            f"globals().update(_reference.recording_functions({str(solution)!r}))\n")


def save(path: Path) -> None:
    path.write_text(json.dumps(RECORDED, sort_keys=True, indent=0) + "\n", encoding="utf-8")


class Replay:
    """Looks like the solution module to a check; answers only the recorded calls."""

    def __init__(self, table: dict, lesson: Lesson):
        self._table = table
        self._lesson = lesson

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def replayed(*args, **kwargs):
            try:
                key = call_key(name, args, kwargs)
            except Unrecordable:
                key = None
            if key not in self._table:
                fail(f"this check cannot finish on your machine for your answer: it needs the reference "
                     f"solution's value of {name}(...) for inputs the student bundle did not record. It runs "
                     "in full when you hand in.")
            return decode(self._table[key])
        return replayed


class InStudentsPlace:
    """The solution module answering a check's ``student`` calls in this process, as the worker
    would: on copies of the arguments (the worker's function never sees the check's own)."""

    def __init__(self, module: types.ModuleType):
        self._module = module

    def call(self, function: str, *args, **kwargs):
        return self.call_echo(function, *args, **kwargs)[0]

    def call_sized(self, size: str, function: str, *args, **kwargs):
        return self.call(function, *args, **kwargs)  # the solution is trusted: no time limit to label

    def sized(self, size: str) -> SizedCalls:
        return SizedCalls(self, size)

    def call_summary(self, size: str, function: str, *args, **kwargs) -> Summary:
        """The facts of the value (``StudentModule.call_summary``), taken from the value itself."""
        return of_value(self.call(function, *args, **kwargs), format_call(function, args, kwargs))

    def call_observed(self, function: str, args: tuple, kwargs: dict, perturb: dict | None = None) -> None:
        """None: not observed here, as in a student bundle (checks then call plainly). Without it the name was taken
        for a function's, the solution "did not define" it, and a check that raised on a student's odd value was
        blamed on the suite ("it breaks with the reference solution too": issue 21's fifth round, m21)."""
        return None

    def call_echo(self, function: str, *args, **kwargs):
        """The result and the arguments as the function left them (see ``StudentModule.call_echo``)."""
        target = getattr(self._module, function, None)
        if function.startswith("_") or not callable(target):
            raise MissingFunction(f"the reference solution does not define a function named {function}")
        args, kwargs = [owned(a) for a in args], {k: owned(v) for k, v in kwargs.items()}  # (sizes: no big deep copy)
        return target(*args, **kwargs), args

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.call(name, *args, **kwargs)


def in_students_place(reference, check, arguments: dict, unknown: tuple = ()) -> str:
    """How ``check(**arguments)`` ends with the solution answering its ``student`` calls:
    "passes", "raises", or "unknown" where the solution is not here (a Replay, None) or the
    check raises one of ``unknown`` (it skipped itself)."""
    if not isinstance(reference, types.ModuleType):
        return "unknown"
    if "student" in arguments:
        arguments = {**arguments, "student": InStudentsPlace(reference)}
    if hasattr(arguments.get("domain"), "with_student"):
        arguments = {**arguments, "domain": arguments["domain"].with_student(InStudentsPlace(reference))}
    try:
        check(**arguments)
    except KeyboardInterrupt:
        raise
    except unknown:
        return "unknown"
    except BaseException:  # noqa: BLE001 - whatever it raises, the check fails with the solution
        return "raises"
    return "passes"


def load_replay(lesson: Lesson) -> Replay | None:
    """The recorded reference shipped beside the lesson's suite, if there is one."""
    path = lesson.suite_dir / FILENAME
    if not path.is_file():
        return None
    return Replay(json.loads(path.read_text(encoding="utf-8")), lesson)


def load_reference(path: Path, lesson: Lesson):
    """Import the reference solution under a private name, so it cannot shadow anything.

    Without the file (a student bundle), the recorded answers shipped beside the suite stand
    in for it (see grader.grading.reference), or None when there are none."""
    if not path.is_file():
        return load_replay(lesson)
    name = f"_grader_reference_{lesson.id}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    seconds = IMPORT_ROOM * lesson.import_seconds
    try:
        with _time_limit(seconds):
            spec.loader.exec_module(module)
    except KeyboardInterrupt:
        raise
    except _TooLong:
        raise ConfigError(str(path), f"the reference solution did not finish importing within {seconds:g} s (does it "
                          "wait for input, or run a demo at the top level?)") from None
    except BaseException as exc:  # noqa: BLE001 - a broken file, or one that calls sys.exit() as a script does
        raise ConfigError(str(path), f"the reference solution cannot be imported ({type(exc).__name__}: {exc})") \
            from None
    return remember_answers(module)  # every grade asks it the same calls (grader.grading.remembered)


IMPORT_ROOM = 6  # the reference's import may take this many times the lesson's import_seconds (a busy machine)


class _TooLong(BaseException):
    """The reference's import outlived its time limit (a BaseException: no ``except Exception`` in it stops it)."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Interrupt what runs within ``seconds`` (SIGALRM), where this thread may: the main thread of a
    process that has no timer of its own running. Elsewhere (a Dask worker's thread) nothing is bounded."""
    usable = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer") \
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    if not usable:
        yield
        return

    def stop(signum, frame):
        raise _TooLong()

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
