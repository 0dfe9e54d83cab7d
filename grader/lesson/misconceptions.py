"""A lesson's misconceptions as models: reading ``models.py``, or a ``models/`` folder of them.

A model is a wrong implementation of one lesson function, marked ``@model("<code>")``
(``grader.checks``); ``grader.grading.models`` asks which of them a failing student function
behaves like, and ``grader validate`` proves each one both ways. This module only finds and
reads them, so that the diagnosing engine, validate and the diagnoses listing read one set.

A lesson keeps its models in ``suites/<lesson>/models.py`` or, when they are many, in
``suites/<lesson>/models/``, one file per lesson function named after it (``causal_mask.py``):
a file of a hundred models is hard to review, and a folder mirrors the suite's own
``test_<function>.py`` files. Files named after the lesson's functions are read in the
lesson's order, any others after them by name; files starting with ``_`` are left out. Both
at once is refused: which one the grader reads must not depend on a rule nobody wrote down.
"""

from __future__ import annotations

import importlib.util
import types
from dataclasses import dataclass
from pathlib import Path

from grader.checks import ModelMark
from grader.exceptions import ConfigError
from grader.lesson.catalogue import CATALOGUE_NAME
from grader.lesson.manifest import Lesson

MODELS_NAME = "models.py"
MODELS_FOLDER = "models"


@dataclass(frozen=True)
class Model:
    """One modelled misconception: a wrong version of ``function`` that shows ``code``."""

    name: str  # the function's name in its models file
    code: str
    task: str
    function: str  # the lesson function it is a wrong version of
    fn: types.FunctionType
    mark: ModelMark
    calls: frozenset[str]  # the lesson's other functions it calls by name
    path: Path  # the file that holds it

    @property
    def needs(self) -> str | None:
        return self.mark.needs


def where(lesson: Lesson) -> str:
    """How messages name the lesson's models: ``models.py`` or ``models/``."""
    return f"{MODELS_FOLDER}/" if (lesson.suite_dir / MODELS_FOLDER).is_dir() else MODELS_NAME


def model_files(lesson: Lesson) -> tuple[Path, ...]:
    """The lesson's models files in reading order; none when it has no models."""
    single, folder = lesson.suite_dir / MODELS_NAME, lesson.suite_dir / MODELS_FOLDER
    if single.is_file() and folder.is_dir():
        raise ConfigError(str(folder), f"a lesson keeps its models in {MODELS_NAME} or in {MODELS_FOLDER}/, "
                          f"not both: move the models of {MODELS_NAME} into {MODELS_FOLDER}/")
    if single.is_file():
        return (single,)
    if not folder.is_dir():
        return ()
    files = [p for p in folder.glob("*.py") if p.is_file() and not p.name.startswith(("_", "."))]
    order = {t.function: n for n, t in enumerate(lesson.code_tasks) if t.function}
    return tuple(sorted(files, key=lambda p: (order.get(p.stem, len(order)), p.name)))


def load_models(lesson: Lesson) -> tuple[Model, ...]:
    """Every model of the lesson, file by file in reading order and in file order within each.

    A broken file or a model naming no diagnosis of a code task is a ConfigError naming the file
    and the model."""
    files = model_files(lesson)
    functions = {t.function: t.id for t in lesson.code_tasks if t.function}
    models: list[Model] = []
    for path in files:
        models += _read(lesson, path, functions)
    codes = {m.code for m in models}
    for each in models:
        if each.needs is not None and each.needs not in codes:
            raise ConfigError(str(each.path), f"needs '{each.needs}', which no model of {where(lesson)} shows",
                              each.name)
    return tuple(models)


def _read(lesson: Lesson, path: Path, functions: dict[str, str]) -> list[Model]:
    spec = importlib.util.spec_from_file_location(f"_grader_models_{lesson.id}_{path.stem}", path)
    assert spec is not None and spec.loader is not None  # a .py file always has a source loader
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - a broken file, or one that calls sys.exit() as a script does
        raise ConfigError(str(path), f"cannot be imported ({type(exc).__name__}: {exc})") from None
    models = []
    for attribute, value in vars(module).items():
        mark = getattr(value, "grader_model", None)
        if not isinstance(mark, ModelMark) or not isinstance(value, types.FunctionType):
            continue
        entry = lesson.diagnosis(mark.code)
        if entry is None:
            raise ConfigError(str(path), f"models diagnosis '{mark.code}', which {CATALOGUE_NAME} does not hold",
                              attribute)
        tasks = [t for t in entry.tasks if t in functions.values()]
        if len(tasks) != 1:
            raise ConfigError(str(path), f"models diagnosis '{mark.code}', which must name exactly one code task "
                              f"(it names {', '.join(entry.tasks)})", attribute)
        function = next(f for f, t in functions.items() if t == tasks[0])
        if not callable(mark.same) or (mark.slow is not None and not callable(mark.slow)):
            raise ConfigError(str(path), "'same' and 'slow' must be functions", attribute)
        calls = frozenset(n for n in _names(value.__code__) if n in functions and n != function)
        models.append(Model(attribute, mark.code, tasks[0], function, value, mark, calls, path))
    return models


def _names(code: types.CodeType) -> set[str]:
    """Every global name a function's code (its nested functions and comprehensions too) reads."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names
