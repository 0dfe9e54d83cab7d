"""Where in the student's files each task's work is: the line that defines its function.

CI annotations (``::error file=prefill.py,line=7::``) and reports point there so that a
student lands on the code to fix. The trusted process only parses the source with ``ast``;
it never imports it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from grader.submission.limits import MAX_SOURCE_BYTES
from grader.submission.stubs import module_source
from grader.submission.stubs import parse as parse_source


def function_lines(path: Path | None) -> dict[str, int]:
    """Line of each top-level function definition (the last one, which is the one Python uses); none
    when the module cannot be parsed whole (a part could end inside a function)."""
    source = module_source(path)
    if source is None:
        return {}
    try:
        tree = parse_source(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    return {node.name: node.lineno for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def key_lines(path: Path | None, keys: list[str]) -> dict[str, int]:
    """Line of each ``key = ...`` in a TOML answers file (read as text: the file may not even parse)."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as stream:  # only what is looked at is read
            lines = stream.read(MAX_SOURCE_BYTES).decode("utf-8", "replace").splitlines()
    except OSError:
        return {}
    found: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        match = re.match(r"\s*[\"']?([A-Za-z0-9_-]+)[\"']?\s*=", line)
        if match and match.group(1) in keys:
            found.setdefault(match.group(1), number)
    return found


def attach_sources(report, lesson, submission) -> None:
    """Set ``TaskResult.source`` to (file, line) for every task whose work can be found."""
    functions = function_lines(submission.module)
    answers = key_lines(submission.answers, [t.answer.key for t in lesson.tasks if t.answer])
    for result in report.tasks:
        task = lesson.task(result.id)
        if task.function and task.function in functions:
            result.source = (str(submission.module), functions[task.function])
        elif task.answer and task.answer.key in answers:
            result.source = (str(submission.answers), answers[task.answer.key])
