"""Which of a submission's files are graded: the module, the notebook, the answers file.

A submission is a folder, a ``.py`` or an ``.ipynb``. In a folder the lesson's module and
answers file are looked for by name, never through a link (a link could point at the
solutions); a folder holding both a module and a notebook is graded as the notebook only
when the module is still the untouched stub and the notebook is not. Deciding that takes
parsing, never running: ``ast`` for the module, JSON and ``ast`` for the notebook's cells.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from grader.exceptions import SubmissionError
from grader.lesson.manifest import Lesson
from grader.submission.cells import definitions, read_answers, unimplemented
from grader.submission.limits import MAX_SOURCE_BYTES
from grader.submission.notebook import read_notebook
from grader.submission.stubs import is_empty_body


@dataclass(frozen=True)
class Submission:
    """The student's files for one lesson; any may be None when it was not handed in.

    ``notebook`` is set when the graded code is a notebook (``<module stem>.ipynb``);
    ``module`` is then None. A folder holding both forms is graded as the notebook only
    when the module is the untouched stub and the notebook is not (``prefer_notebook``).
    """

    path: Path
    module: Path | None
    answers: Path | None
    notebook: Path | None = None

    @classmethod
    def locate(cls, path: Path, lesson: Lesson) -> Submission:
        if not path.exists():
            raise SubmissionError(f"{path}: no such file or folder")
        if path.is_file():
            if path.suffix == ".ipynb":
                return cls(path, None, None, path)
            if path.suffix != ".py":
                raise SubmissionError(f"{path}: expected a folder, a .py or a .ipynb file, not a "
                                      f"{path.suffix or 'file without extension'}")
            return cls(path, path, None)
        if not path.is_dir():
            raise SubmissionError(f"{path}: not a regular file or folder")
        module, answers = path / lesson.module, path / lesson.answers
        found = cls(path, module if _plain_file(module) else None, answers if _plain_file(answers) else None)
        notebook = path / notebook_name(lesson)
        if _plain_file(notebook) and prefer_notebook(found.module, notebook, lesson):
            found = cls(path, None, found.answers, notebook)
        if found.module is None and found.answers is None and found.notebook is None:
            raise SubmissionError(f"{path}: holds neither {lesson.module} nor {lesson.answers}")
        return found


def _plain_file(path: Path) -> bool:
    """A regular file, not a link: a link in a submission could point at the solutions."""
    return path.is_file() and not path.is_symlink()


def notebook_name(lesson: Lesson) -> str:
    """The notebook form of the lesson's module: ``prefill.ipynb`` beside ``prefill.py``."""
    return f"{lesson.module_name}.ipynb"


def prefer_notebook(module: Path | None, notebook: Path, lesson: Lesson) -> bool:
    """Whether a folder holding both forms is graded as the notebook: only when the module
    is untouched (every graded function missing or a stub) and the notebook is not."""
    if module is None:
        return True
    functions = {task.function for task in lesson.code_tasks}
    if _module_has_work(module, functions):
        return False
    read = read_notebook(notebook)
    if read.problem:
        return False
    defined = definitions(read.code_cells)
    stubs = unimplemented(read.code_cells)
    answers, _ = read_answers(read.cells)
    return any(name in defined and name not in stubs for name in functions) or answers_something(answers)


def _module_has_work(path: Path, functions: set[str]) -> bool:
    try:
        tree = ast.parse(path.read_bytes()[:MAX_SOURCE_BYTES])
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # a module that does not parse was worked on
    return any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in functions
               and not is_empty_body(node.body) for node in tree.body)


def answers_something(answers: dict | None) -> bool:
    """Whether any answer holds more than the template's empty string."""
    values = (answers or {}).values()
    return any(not (value is None or (isinstance(value, str) and not value.strip())) for value in values)
