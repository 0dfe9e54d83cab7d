"""What the engine asks of a notebook submission: run it, its answers, its stubs, its notes.

``engine.grade`` treats a notebook like a module file everywhere but here: the same
suite, the same ``StudentModule`` interface for the checks, the same answer grading. This
module decides the rest:

- which file of a folder is graded (``prefer_notebook``): the notebook when there is no
  ``prefill.py``, or when ``prefill.py`` is still the untouched stub and the notebook is not;
- where the answers come from: ``answers.toml`` when it is handed in and answers anything
  (or cannot be read: that must be said), else the notebook's ANSWERS cells;
- what the worker gets: the cells only (``read.clean_json``), under the lesson's limits,
  each cell getting ``import_seconds`` (what a module gets for its top level) and all of
  them together ``submission_seconds``.
"""

from __future__ import annotations

import ast
import dataclasses
import secrets
import shutil
from pathlib import Path

from grader import sandbox
from grader._process import WorkerProcess
from grader.answers import load_answers
from grader.exceptions import ImportFailed
from grader.isolation import WorkerSpec
from grader.manifest import Lesson
from grader.notebook.module import NotebookModule
from grader.notebook.read import Notebook, clean_json, read_notebook
from grader.notebook.source import definitions, is_answers, read_answers, unimplemented
from grader.stubs import MAX_SOURCE_BYTES

ENTRY = "grader.notebook.worker"
KERNEL_SECONDS = 30  # for the kernel to start; it takes about half a second on an idle machine
MAX_KERNELS = 3  # the first one and the replacements the worker may start (see worker.MAX_RESTARTS)
# Started as root, a notebook worker switches to a uid of its own from this range (the fork
# server's children use 200000-249999), not to the shared `nobody`: RLIMIT_NPROC counts every
# process and thread of a uid, and a few concurrent kernels would exhaust nobody's 64.
UID_BASE, UID_SPAN = 250_000, 50_000


def notebook_name(lesson: Lesson) -> str:
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
    return any(name in defined and name not in stubs for name in functions) or _answers_something(answers)


def _module_has_work(path: Path, functions: set[str]) -> bool:
    from grader.stubs import _is_empty

    try:
        tree = ast.parse(path.read_bytes()[:MAX_SOURCE_BYTES])
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # a module that does not parse was worked on
    return any(isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in functions
               and not _is_empty(node.body) for node in tree.body)


def _answers_something(answers: dict | None) -> bool:
    return any(not (value is None or isinstance(value, str) and not value.strip()) for value in (answers or {}).values())


class NotebookSubmission:
    """A located notebook submission, read once."""

    def __init__(self, found, lesson: Lesson):
        self.found, self.lesson = found, lesson
        self.notebook: Notebook = read_notebook(found.notebook)
        self.notes: list[str] = list(self.notebook.notes)
        if found.path.is_dir() and (found.path / lesson.module).is_file():
            self.notes.insert(0, f"graded {self.notebook.name}: {lesson.module} beside it still holds only the stubs")

    def start(self, tmp: Path) -> NotebookModule:
        """Copy the submission (the notebook as cells only) where the worker may run it; start the worker."""
        from grader.engine import _check_size, _readable_copy

        lesson = self.lesson
        workdir = tmp / "submission"
        path = workdir / notebook_name(lesson)
        limits = sandbox.limits(KERNEL_SECONDS + lesson.import_seconds + 2 * lesson.submission_seconds,
                                lesson.memory_mb)
        if limits.drop_to is not None:  # a uid of its own: a kernel's dozen threads count against RLIMIT_NPROC
            limits = dataclasses.replace(limits, drop_to=UID_BASE + secrets.randbelow(UID_SPAN))
        box = sandbox.current()

        def launch(module_name: str, module_path: Path) -> WorkerProcess:
            return WorkerProcess(module_name, module_path, limits, box, entry=ENTRY)

        spec = WorkerSpec(module_name=lesson.module_name, module_path=path, limits=limits, box=box, launcher=launch,
                          import_seconds=MAX_KERNELS * KERNEL_SECONDS + lesson.submission_seconds + 10)
        student = NotebookModule(spec, timeout=lesson.call_seconds, budget_seconds=lesson.submission_seconds,
                                 notebook=self.notebook)
        if self.notebook.problem:
            student.unavailable = ImportFailed(self.notebook.problem)
            return student
        if self.found.path.is_dir():
            _check_size(self.found.path)
            shutil.copytree(self.found.path, workdir, symlinks=True, ignore=shutil.ignore_patterns(
                "__pycache__", ".git", ".ipynb_checkpoints", path.name))
        else:
            workdir.mkdir()
        options = {"cell_seconds": lesson.import_seconds, "total_seconds": lesson.submission_seconds,
                   "kernel_seconds": KERNEL_SECONDS}
        path.write_text(clean_json(self.notebook, options), encoding="utf-8")
        _readable_copy(tmp, workdir)
        student.start()
        return student

    def answers(self) -> tuple[dict | None, str | None, str]:
        """(answers, why there are none, the name to give in feedback), as ``load_answers`` gives them."""
        lesson, name = self.lesson, self.notebook.name
        toml, toml_problem = load_answers(self.found.answers, lesson.answers) if self.found.answers else (None, None)
        marked = not self.notebook.problem and any(is_answers(cell) for cell in self.notebook.cells)
        cells, cells_problem = read_answers(self.notebook.cells) if marked else (None, None)
        if self.found.answers and (toml_problem or _answers_something(toml) or not marked):
            if marked and _answers_something(cells):
                self.notes.append(f"the answers were graded from {lesson.answers}; the ANSWERS cells of {name} "
                                  "were not")
            return toml, toml_problem, lesson.answers
        if marked:
            if self.found.answers:
                self.notes.append(f"{lesson.answers} answers nothing, so the answers were graded from the ANSWERS "
                                  f"cells of {name}")
            return cells, cells_problem, name
        problem = self.notebook.problem or (f"{name} has no ANSWERS cell (a code cell starting with '# ANSWERS') and "
                                            f"no {lesson.answers} was handed in, so the by-hand answers and the quiz "
                                            "score 0")
        return None, problem, name

    def stubs(self) -> set[str]:
        return set() if self.notebook.problem else unimplemented(self.notebook.code_cells)

    def report_notes(self, student: NotebookModule | None) -> list[str]:
        return self.notes + (student.notes() if student is not None else [])
