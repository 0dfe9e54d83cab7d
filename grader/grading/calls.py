"""The ``student`` a check calls, and what a failed call means in words a student may read.

``Watched`` forwards each call to the worker (``grader.sandbox.proxy.StudentModule``) and
remembers the last one, so a failure can be told by function name alone. ``property_of``
says what went wrong in a call without its inputs and without anything the submission
chose freely (an exception's class name or message, a line, an exit status), because a
secret check's students read only that: its inputs could be encoded in any of those. What
it may say: a built-in exception type, the size a check labelled its call with (words the
check's author wrote for students), the check's docstring (public in every report), and
names the source file fixes whatever the inputs are (a function of the lesson, a name the
module uses but never defines).
"""

from __future__ import annotations

import builtins
import functools
import importlib.util
import re

from grader.checks import SizedCalls
from grader.describe import format_call
from grader.exceptions import (
    CallTimeout,
    ImportFailed,
    MissingFunction,
    NotGradable,
    StudentBaseException,
    StudentCodeError,
    UnsupportedResult,
    WorkerDied,
)
from grader.submission.failures import missing_module, near_module, unbound_name

NOTHING = object()  # what Watched.returned holds when the last call returned nothing (it raised)


class Watched:
    """The ``student`` fixture: forwards every call to the worker and remembers the last one
    (function, arguments, value, the size its check gave it), so a failure can be told by
    function name alone."""

    def __init__(self, module):
        self._module = module
        self.last, self._call, self.returned, self.size = "", None, NOTHING, ""

    def call(self, function: str, *args, **kwargs):
        return self._called(function, args, kwargs, "")

    def remember(self, function: str) -> None:
        """Note ``function`` as the last one called, by a batch asked of the module itself (``Domain._batch``):
        a check failing on an untouched stub is then not run again on a fresh slate (``runner``)."""
        self.last, self._call, self.returned, self.size = function, None, NOTHING, ""

    def call_sized(self, size: str, function: str, *args, **kwargs):
        return self._called(function, args, kwargs, size)

    def sized(self, size: str) -> SizedCalls:
        """The same functions, each call labelled with the size of its inputs (``grader.checks.SizedCalls``)."""
        return SizedCalls(self, size)

    def _called(self, function: str, args: tuple, kwargs: dict, size: str):
        self.last, self._call, self.returned, self.size = function, (function, args, kwargs), NOTHING, size
        if size:
            self.returned = self._module.call_sized(size, function, *args, **kwargs)
        else:
            self.returned = self._module.call(function, *args, **kwargs)
        return self.returned

    def call_summary(self, size: str, function: str, *args, **kwargs):
        """The facts of a value too large to send back (``grader.sandbox.summary.Summary``), sized as
        ``call_sized``."""
        self.last, self._call, self.returned, self.size = function, (function, args, kwargs), NOTHING, size
        return self._module.call_summary(size, function, *args, **kwargs)

    def call_echo(self, function: str, *args, **kwargs):
        self.last, self._call, self.returned, self.size = function, (function, args, kwargs), NOTHING, ""
        self.returned, after = self._module.call_echo(function, *args, **kwargs)
        return self.returned, after

    def call_observed(self, function: str, args: tuple, kwargs: dict, perturb: dict | None = None):
        """(value, Observation), or None where calls cannot be observed (``models.Observed.call_observed``)."""
        self.last, self._call, self.returned, self.size = function, (function, args, kwargs), NOTHING, ""
        seen = self._module.call_observed(function, args, kwargs, perturb)
        if seen is not None:
            self.returned = seen[0]
        return seen

    @property
    def call_text(self) -> str:
        """The last call as the worker's messages write it: ``causal_pairs(4)``."""
        return format_call(*self._call) if self._call else ""

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.call(name, *args, **kwargs)


# What a StudentBaseException may be called: built-in names only (its class and name are the submission's).
_BASE_ONLY = tuple(sorted((n for n, c in vars(builtins).items() if isinstance(c, type) and
                           issubclass(c, BaseException) and not issubclass(c, Exception)), key=len, reverse=True))


def first_line(exc: BaseException) -> str:
    try:
        line = (str(exc).strip().splitlines() or [""])[0]
    except Exception:  # noqa: BLE001 - an exception whose message cannot be read still has a type
        return ""
    return line if len(line) <= 200 else line[:199] + "…"


def property_of(exc: BaseException, watched: Watched, description: str = "", functions=(), source=None,
                visible=frozenset()) -> str:
    """What went wrong in a call into student code, in words any student may read (see the
    module docstring). ``description``: the check's docstring line; ``functions``: the lesson's
    function names (the only frame names said); ``source``: the module's SourceFacts;
    ``visible``: the names failures of visible checks named (``named_in``), which a secret one may say too."""
    if isinstance(exc, (ImportFailed, MissingFunction, NotGradable)):
        return str(exc)  # about the module as a whole, the same for every check: no input of any check in it
    who = watched.last or "your code"
    size = f" for {watched.size}" if watched.size else ""
    if isinstance(exc, CallTimeout):
        if exc.too_slow:
            said = (f"{who} is too slow{size}: it returned in time on smaller inputs, but not within the time "
                    "limit for this size")
        else:
            said = f"{who} did not return within its time limit{size} (an endless loop, or far too much work?)"
    elif isinstance(exc, WorkerDied):
        said = f"{who} never returned{size}: the process running it ended"
    elif isinstance(exc, UnsupportedResult) and getattr(exc, "oversized", False):
        said = f"{who} returned a value far larger than any answer of this lesson{size}"
    elif isinstance(exc, UnsupportedResult):
        return f"{who} returned a value of an unsupported type (return numbers, lists, dicts or numpy arrays)"
    elif isinstance(exc, StudentBaseException):  # "<call> raised <the submission's class name>…"
        said = str(exc).removeprefix(f"{watched.call_text} raised ") if watched.call_text else ""
        name = next((n for n in _BASE_ONLY if re.match(rf"{n}(?:$| \(|:)", said)), None)
        said = f"{who} raised {name or 'BaseException'}{size}"
    elif isinstance(exc, StudentCodeError):
        said = f"{who} failed{size}"
    else:  # a built-in exception the submission raised: its type, where among the lesson's functions, what name
        said = f"{who} raised {type(exc).__name__}{size}{_inside(exc, who, functions)}"
        missing, module = unbound_name(exc, source), missing_module(exc, source)
        if missing:
            named = not description or missing in visible or _only_unbound(missing, source)
            said += f": {missing if named else 'a name'} is not defined anywhere in the file"
        elif module:
            said += f": it uses {_said_module(module, source, bool(description), visible)}, which the grader's " \
                "Python does not have"
    return f"{said}; this check tests: {_lowered(description)}" if description else said


def uses_module(exc: BaseException, watched: Watched, functions=(), source=None, visible=frozenset()) -> str:
    """"causal_mask uses matplotlib, which the grader's Python does not have.": the module a call's
    ModuleNotFoundError names, when the source imports it (a fact of the file, whatever the inputs)."""
    who = watched.last or "your code"
    module = missing_module(exc, source)
    module = _said_module(module, source, True, visible) if module else "a module"
    inner = _inside(exc, who, functions).removeprefix(" inside ")
    user = f"{who} calls {inner}, which" if inner else who
    near = near_module(module) if module != "a module" else ""
    return f"{user} uses {module}, which the grader's Python does not have{near}."


def named_in(exc: BaseException | None, source) -> set[str]:
    """The names of the file a failure names (an undefined name, a module the grader lacks): recorded from
    visible checks, whose inputs a student sees anyway, so that a secret check may say them too."""
    if exc is None:
        return set()
    return {name for name in (unbound_name(exc, source), missing_module(exc, source)) if name}


def _only_unbound(name: str, source) -> bool:
    """Whether ``name`` is the only name the file reads and binds nowhere: then saying it tells nothing the
    exception's type did not. Where there are several, which one a call on secret inputs raised is chosen by
    those inputs (``if P % 10 == 7: pairs_d7``), so a secret check says only its class (issue 25)."""
    return source is not None and source.unbound == frozenset((name,))


def _said_module(module: str, source, secret: bool, visible=frozenset()) -> str:
    """The missing module as a check may name it: itself on a visible check, and on a secret one where a
    visible check's failure named it already (``visible``) or it is the only module the file imports that the
    grader's Python lacks (``import matplotlib`` at the top); else its class, since the choice among several
    (``import leak_d9`` in a branch a hidden input takes) can spell the inputs (issue 25)."""
    if not secret or source is None or module in visible:
        return module
    lacking = {name for name in source.imports if not _available(name)}
    return module if lacking <= {module} else "a module"


@functools.cache
def _available(name: str) -> bool:
    """Whether the grader's Python (the worker's: the same one) can import the top-level module ``name``;
    a name it cannot even look up counts as missing."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _inside(exc: BaseException, who: str, functions) -> str:
    """" in prefill_flops" when the exception was raised inside another of the lesson's functions."""
    frames = getattr(exc, "grader_frames", ())
    inner = frames[-1][0] if type(frames) is tuple and frames and type(frames[-1]) is tuple else ""
    return f" inside {inner}" if inner != who and inner in set(functions) else ""


def _lowered(text: str) -> str:
    """A docstring line as the end of a sentence: 'The lesson's prompt.' -> 'the lesson's prompt.'"""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text
