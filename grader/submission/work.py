"""How much work a lesson's files show, read and never run: the evidence that decides which of
several places in a submission is graded (``grader.submission.files``), and whether a module
or its notebook is the form a student worked in.

The template a course hands out binds each graded function with ``def`` and ``pass`` and
leaves every answer an empty string, so "work" is a graded function defined beyond that, or
an answer that is not empty. A stray copy of the template at a repository's top shows none,
and must not hide the finished ``exercises/<lesson>/`` below it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from grader.lesson.manifest import Lesson
from grader.submission.answers_file import load_answers
from grader.submission.cells import definitions, read_answers, unimplemented
from grader.submission.notebook import read_notebook
from grader.submission.stubs import is_empty_body, module_source
from grader.submission.stubs import parse as parse_source


def evidence(module: Path | None, notebook: Path | None, answers: Path | None, lesson: Lesson) -> tuple[int, int, int]:
    """(code worked on, answers given, a module or notebook there) for the files of one place,
    compared as a tuple: a finished module beats answers alone, which beat a template."""
    functions = {task.function for task in lesson.code_tasks}
    code = (module is not None and module_has_work(module, functions)) or \
        (notebook is not None and notebook_has_work(notebook, functions))
    answered = answers is not None and answers_something(load_answers(answers, lesson.answers)[0])
    return int(code), int(answered), int(module is not None or notebook is not None)


def notebook_has_work(notebook: Path, functions: set[str]) -> bool:
    """A graded function defined beyond the stub in a code cell, or an answer in the notebook."""
    read = read_notebook(notebook)
    if read.problem:
        return False
    defined = definitions(read.code_cells)
    stubs = unimplemented(read.code_cells)
    answers, _ = read_answers(read.cells)
    return any(name in defined and name not in stubs for name in functions) or answers_something(answers)


def module_has_work(path: Path, functions: set[str]) -> bool:
    """A graded function defined beyond the stub, or bound otherwise (``prefill_flops = lambda N, P: ...``,
    an import, a class): the template binds them only with ``def`` and ``pass``. A module too large to
    parse whole, or that does not parse, was worked on: the template is neither."""
    source = module_source(path)
    if source is None:
        return True
    try:
        tree = parse_source(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in functions and not is_empty_body(node.body):
                return True
        elif functions & _bound(node):
            return True
    return False


def _bound(statement: ast.stmt) -> set[str]:
    """The names a top-level statement (not a function) binds in the module."""
    names = {statement.name} if isinstance(statement, ast.ClassDef) else set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return names


def answers_something(answers: dict | None) -> bool:
    """Whether any answer holds more than the template's empty string."""
    values = (answers or {}).values()
    return any(not (value is None or (isinstance(value, str) and not value.strip())) for value in values)
