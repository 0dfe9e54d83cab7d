"""A lesson's checks collected without pytest when nothing in them needs it: a single grade's shortcut.

pytest's import and start-up (configuration, plugins, collection) cost a single grade about as much
as importing numpy, and a suite usually needs none of it: each check is a module-level function
marked with its task (maybe a weight, maybe parametrize values) that takes only the fixtures
``runner.Checks`` serves, and ``runner.Checks`` calls such a check directly under pytest too. For
such a suite ``direct_checks`` finds the checks pytest would, in its order and under its names, and
``run_checks`` runs them as a pytest run does; any other suite goes to pytest whole
(``grader.grading.suite``), with the same checks, results and configuration errors either way.

The check files are imported with a stand-in for ``pytest`` that records marks
(``pytest.mark.<name>(...)``, stored on the function as pytest stores them) and nothing else; only
their own ``import pytest`` gets it (their builtins' ``__import__``), never another module's. What
sends a suite to pytest: any other use of pytest while the files import (a fixture, ``pytest.param``,
a skip), a file that does not import, a conftest.py or __init__.py beside them, a class of checks, a
hook, a check that takes another fixture or carries another mark, a default or a keyword-only
parameter, more than one parametrize on a check, and any parametrize id pytest might write otherwise
than the plain ones below (explicit ids of letters, digits and ``_.-``; values that are None, bools,
ints, floats or such strings, one id part each; no id twice). Once imported, the stand-in hands every
other attribute to the real pytest, imported then (a check's ``pytest.raises``).
tests/grading/test_collect.py holds this collection equal to pytest's on every lesson's suite and on
suites written to probe each rule.
"""

from __future__ import annotations

import builtins
import importlib
import importlib.util
import inspect
import re
import sys
import types

from grader.grading.runner import DIRECT_FIXTURES, DIRECT_MARKS, Checks, wiring_problems
from grader.lesson.manifest import Lesson
from grader.result import CheckResult

_PLAIN_ID = re.compile(r"[A-Za-z0-9_.-]+")  # what pytest writes as it is (no escaping, no brackets, no "::")
_PYTEST_MODULES = ("pytest", "_pytest", "pluggy")


class NeedsPytest(Exception):
    """The suite uses pytest beyond what ``direct_checks`` collects: pytest runs it."""


class _Refusals:
    """Whether the stand-in refused anything (a suite that catches the refusal still goes to pytest)."""

    refused = False

    @classmethod
    def refuse(cls, what: str) -> NeedsPytest:
        cls.refused = True
        return NeedsPytest(what)


class _Mark:
    """``pytest.mark.<name>(...)``, as pytest's MarkDecorator: called with one function (or class) alone it
    marks it, appending itself to its ``pytestmark`` list (pytest's ``store_mark``); else it takes arguments."""

    def __init__(self, name: str, args: tuple = (), kwargs: dict | None = None):
        self.name, self.args, self.kwargs = name, args, kwargs or {}

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        raise _Refusals.refuse(f"pytest.mark.{self.name}.{name}")

    def __call__(self, *args, **kwargs):
        if args and not kwargs and len(args) == 1 and (_test_function(args[0]) or inspect.isclass(args[0])):
            marked = args[0]
            marks = getattr(marked, "pytestmark", [])
            marked.pytestmark = [*(marks if isinstance(marks, list) else [marks]), self]
            return marked
        return _Mark(self.name, self.args + args, {**self.kwargs, **kwargs})


def _test_function(value) -> bool:
    return callable(value) and getattr(value, "__name__", "<lambda>") != "<lambda>"  # pytest's istestfunc


class _MarkGenerator:
    def __getattr__(self, name: str) -> _Mark:
        if name.startswith("__"):
            raise AttributeError(name)
        if name.startswith("_"):
            raise _Refusals.refuse(f"pytest.mark.{name}")
        return _Mark(name)


class _StandIn(types.ModuleType):
    """``pytest`` for the check files: marks only while they import, the real pytest for anything else after."""

    def __init__(self):
        super().__init__("pytest")
        self.mark = _MarkGenerator()
        self.importing = True

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        if self.importing:
            raise _Refusals.refuse(f"pytest.{name}")
        return getattr(importlib.import_module("pytest"), name)


class DirectCheck:
    """One check as ``runner.Checks`` reads a pytest item (name, node id, function, marks, parameters), with
    its ``direct_plan``: (its parameters, its parametrize values)."""

    cls = None

    def __init__(self, name: str, nodeid: str, function, marks: list, argnames: tuple, params: dict | None):
        self.name, self.nodeid, self.obj, self.own_markers = name, nodeid, function, marks
        self._fixtureinfo = types.SimpleNamespace(argnames=argnames)
        self.fixturenames = list(argnames)
        if params is not None:
            self.callspec = types.SimpleNamespace(params=params)
        self.direct_plan = (argnames, params or {})

    def iter_markers(self, name: str | None = None):
        return (m for m in self.own_markers if name is None or m.name == name)

    def get_closest_marker(self, name: str):
        return next(self.iter_markers(name), None)


def run_checks(lesson: Lesson, student, reference, variants=(), per_variant: list | None = None
               ) -> dict[str, list[CheckResult]]:
    """The check results of one submission, per code task: without pytest when the suite allows, else with it.
    The own-number checks' results for each of ``variants`` go to ``per_variant`` (``Checks.run_per_variant``)."""
    imported: list[str] = []
    try:
        items = direct_checks(lesson, imported)
        checks = Checks(lesson, student, reference) if items is not None else None
        kept = checks.lesson_checks(items) if checks is not None else []
        if checks is None or checks.problems:  # a configuration error is pytest's to word, as always
            from grader.grading.suite import run_suite

            return run_suite(lesson, student, reference, variants, per_variant)
        checks.run_items(kept)
        problem = wiring_problems(lesson, checks)
        if problem is not None:
            raise problem
        if variants and per_variant is not None:
            per_variant.extend(checks.run_per_variant(kept, variants))
        return checks.results
    finally:
        for name in imported:  # as pytest_run does: a later collection imports its files afresh
            sys.modules.pop(name, None)


def direct_checks(lesson: Lesson, imported: list[str] | None = None) -> list[DirectCheck] | None:
    """The lesson's checks as pytest collects them, or None when pytest must collect them (module docstring).
    The names of the modules imported are added to ``imported`` (for the caller to forget)."""
    suite = lesson.suite_dir
    if (suite / "conftest.py").exists() or (suite / "__init__.py").exists():
        return None
    imported = [] if imported is None else imported
    before, stand_in, _Refusals.refused = set(sys.modules), _StandIn(), False
    try:
        modules = [(path, _import(lesson, path, imported, stand_in)) for path in sorted(suite.glob("test_*.py"))]
    except Exception:  # noqa: BLE001 - NeedsPytest, or a file that does not import: pytest says it its way
        return None
    finally:
        stand_in.importing = False
    if not modules or _Refusals.refused or any(name.startswith(_PYTEST_MODULES) for name in set(sys.modules) - before):
        return None  # no check files (pytest's error to word), a refusal caught, or pytest's own modules reached
    try:
        return [check for path, module in modules for check in _module_checks(path.name, module)]
    except NeedsPytest:
        return None


def _import(lesson: Lesson, path, imported: list[str], stand_in: _StandIn) -> types.ModuleType:
    """A check file imported under a private name, its ``import pytest`` given ``stand_in``."""
    name = f"_grader_checks_{lesson.id}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    real = builtins.__import__

    def importing(name, globals=None, locals=None, fromlist=(), level=0):
        return stand_in if name == "pytest" and level == 0 else real(name, globals, locals, fromlist, level)

    module.__builtins__ = {**vars(builtins), "__import__": importing}
    sys.modules[name] = module
    imported.append(name)
    spec.loader.exec_module(module)
    return module


def _module_checks(filename: str, module: types.ModuleType) -> list[DirectCheck]:
    """A check file's checks in pytest's order: its functions named test* as they were defined."""
    found, module_marks = [], _marks(vars(module).get("pytestmark", []))
    if "__test__" in vars(module):
        raise NeedsPytest("__test__")
    for name, value in list(vars(module).items()):
        if name.startswith("pytest_"):
            raise NeedsPytest(f"the hook {name}")
        if inspect.isclass(value):
            if name.startswith("Test") or _said_test(value):
                raise NeedsPytest(f"the class {name}")
            continue
        if not (name.startswith("test") or _said_test(value)) or not callable(value):
            continue
        if type(value) is not types.FunctionType or hasattr(value, "__wrapped__") or "__test__" in vars(value) \
                or inspect.isgeneratorfunction(value):
            raise NeedsPytest(name)
        found += _function_checks(filename, name, value, _marks(getattr(value, "pytestmark", [])) + module_marks)
    return found


def _said_test(value) -> bool:
    try:
        return getattr(value, "__test__", False) is True
    except Exception:  # noqa: BLE001 - an attribute that raises: pytest's to judge
        raise NeedsPytest("__test__") from None


def _marks(value) -> list[_Mark]:
    marks = value if isinstance(value, list) else [value]
    if not all(type(m) is _Mark for m in marks) or any(m.name not in DIRECT_MARKS for m in marks):
        raise NeedsPytest("a mark")
    return marks


def _function_checks(filename: str, name: str, function, marks: list[_Mark]) -> list[DirectCheck]:
    argnames = _argnames(function)
    parametrized = [m for m in marks if m.name == "parametrize"]
    if len(parametrized) > 1:
        raise NeedsPytest(f"{name}: more than one parametrize")
    cases = _cases(parametrized[0], argnames) if parametrized else [("", None)]
    given = set(cases[0][1] or ())
    if not set(argnames) <= DIRECT_FIXTURES | given:
        raise NeedsPytest(f"{name}: a fixture of its own")
    return [DirectCheck(f"{name}[{case}]" if params is not None else name,
                        f"{filename}::{name}[{case}]" if params is not None else f"{filename}::{name}",
                        function, marks, argnames, params) for case, params in cases]


def _argnames(function) -> tuple[str, ...]:
    names = []
    for parameter in inspect.signature(function, follow_wrapped=False).parameters.values():
        if parameter.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD or \
                parameter.default is not inspect.Parameter.empty:
            raise NeedsPytest(f"{function.__name__}: parameter {parameter.name}")
        names.append(parameter.name)
    return tuple(names)


def _cases(mark: _Mark, argnames: tuple[str, ...]) -> list[tuple[str, dict]]:
    """(id, values by name) of each case of a parametrize mark, or NeedsPytest."""
    if len(mark.args) != 2 or set(mark.kwargs) - {"ids"}:
        raise NeedsPytest("parametrize's arguments")
    names, values = mark.args
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    if not isinstance(names, (list, tuple)) or not names or not all(type(n) is str for n in names) or \
            not set(names) <= set(argnames) or len(set(names)) != len(names) or not isinstance(values, (list, tuple)) \
            or not values:
        raise NeedsPytest("parametrize's names or values")
    rows = []
    for value in values:
        row = (value,) if len(names) == 1 else value
        if type(value).__name__ == "ParameterSet" or not isinstance(row, (list, tuple)) or len(row) != len(names):
            raise NeedsPytest("a parametrize value")
        rows.append(tuple(row))
    ids = mark.kwargs.get("ids")
    if ids is None:
        ids = ["-".join(_value_id(v) for v in row) for row in rows]
    elif not isinstance(ids, (list, tuple)) or len(ids) != len(rows) or \
            not all(type(i) is str and _PLAIN_ID.fullmatch(i) for i in ids):
        raise NeedsPytest("parametrize's ids")
    if len(set(ids)) != len(ids):
        raise NeedsPytest("the same id twice")  # pytest tells them apart with suffixes of its own
    return [(case, dict(zip(names, row, strict=True))) for case, row in zip(ids, rows, strict=True)]


def _value_id(value) -> str:
    if value is None or type(value) in (bool, int, float):
        return str(value)
    if type(value) is str and _PLAIN_ID.fullmatch(value):
        return value
    raise NeedsPytest("a parametrize value pytest names by position")
