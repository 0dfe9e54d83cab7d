"""Which folder holds a lesson's reference solution: one rule for ``grade``, ``batch`` and ``validate``.

``--solutions`` may name either of two layouts, the shapes an instructor has at hand:

- a **lesson folder**, such as ``solutions/prefill/``: it holds the module (``prefill.py``)
  and the answers file;
- a **tree**, such as ``solutions/``: it holds one ``<lesson>/`` folder per lesson.

Every command resolves the option with ``resolve_solutions`` alone. When each command had its
own reading, ``validate`` took both layouts while ``grade`` and ``batch`` took a lesson folder
only, and a tree given to them held no ``prefill.py`` at its top: every check comparing with
the reference quietly had no truth to compare with (issue 16). A path that holds neither
layout is a configuration error naming the path and both layouts, before anything is graded.

``manifest_answers`` is the answers file ``lesson.toml`` fixes: an instructor's solutions
need not repeat the answers the manifest already declares.

``require_reference`` refuses a grade whose checks would compare with a reference that is not
there; it lives here, not in ``grader.grading.reference``, because a single grade asks it before
it starts the worker, and that module imports numpy, which the worker should be importing by then.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from grader.exceptions import ConfigError
from grader.lesson.course import SOLUTIONS, Course
from grader.lesson.manifest import Lesson

RECORDING = "reference_calls.json"  # the recorded answers shipped beside a student bundle's suite (grading.reference)


def layouts(lesson: Lesson) -> str:
    """The accepted layouts, said the same way by every message that needs them."""
    return (f"give a lesson folder holding {lesson.module} (and {lesson.answers}), such as "
            f"{SOLUTIONS}/{lesson.id}/, or a tree holding {lesson.id}/, such as {SOLUTIONS}/")


def resolve_solutions(course: Course, lesson: Lesson, given: str | Path | None = None) -> Path:
    """The folder holding ``lesson``'s reference: the course's own without ``given``, else the
    lesson folder ``given`` is or holds. A lesson folder is looked for under the lesson's name
    first, so a tree wins over a folder that happens to hold the module too."""
    if given is None:
        return course.solutions_dir(lesson)
    given = Path(given)
    if not given.is_dir():
        raise ConfigError(f"--solutions {given}", f"is not a folder: {layouts(lesson)}")
    for folder in (given / lesson.id, given):
        if (folder / lesson.module).is_file() or (folder / lesson.answers).is_file():
            return folder
    raise ConfigError(f"--solutions {given}", f"holds neither {lesson.id}/{lesson.module} nor {lesson.module}: "
                      f"{layouts(lesson)}")


def manifest_answers(lesson: Lesson) -> str:
    """The answers file ``lesson.toml`` declares: each answer task's expected value, written as a
    student would type it (a float exactly, by ``repr``; a choice by its letter)."""
    lines = [f"# The answers the lesson.toml of lesson '{lesson.id}' declares, written by the grader because\n",
             f"# the solution folder holds no {lesson.answers}.\n"]
    for task in lesson.tasks:
        if task.answer is None:
            continue
        value = task.answer.expected
        text = value if isinstance(value, str) else repr(value) if isinstance(value, float) else str(value)
        key = task.answer.key if re.fullmatch(r"[A-Za-z0-9_-]+", task.answer.key) else json.dumps(task.answer.key)
        lines.append(f"{key} = {json.dumps(text, ensure_ascii=False)}\n")
    return "".join(lines)


def checks_needing_reference(lesson: Lesson) -> list[str]:
    """Where the suite takes the ``reference`` fixture (``file::function``), read from its source.

    Every function of the suite's own Python files counts, a fixture of a ``conftest.py`` as
    much as a check: reading the source over-approximates what pytest would ask for, which
    errs on the side of demanding the reference. A file that does not parse is left to pytest,
    which refuses it when it collects the suite."""
    found = []
    for path in sorted(lesson.suite_dir.glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if any(a.arg == "reference" for a in names):
                    found.append(f"{path.name}::{node.name}")
    return found


def require_reference(lesson: Lesson, folder: Path) -> None:
    """Raise ConfigError when a check compares with the reference and ``folder`` holds no solution
    module and no recording of one is shipped beside the suite (a student bundle's)."""
    if not lesson.code_tasks or (folder / lesson.module).is_file() or (lesson.suite_dir / RECORDING).is_file():
        return
    needing = checks_needing_reference(lesson)
    if needing:
        raise ConfigError(str(folder / lesson.module), f"is missing, and {len(needing)} check(s) compare with the "
                          f"reference solution (first: {needing[0]}), so they have nothing to compare with: "
                          f"{layouts(lesson)}")
