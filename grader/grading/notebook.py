"""What the engine asks of a notebook submission: run it, its answers, its stubs, its notes.

``engine.grade`` treats a notebook like a module file everywhere but here: the same
suite, the same ``StudentModule`` interface for the checks, the same answer grading.
Which file of a folder is graded is ``grader.submission.files``'s to say; this module
decides the rest:

- where the answers come from: ``answers.toml`` when it is handed in and answers anything
  (or cannot be read: that must be said), else the notebook's ANSWERS cells;
- what the worker gets: the cells only (``read.clean_json``), under the lesson's limits,
  each cell getting ``import_seconds`` (what a module gets for its top level) and all of
  them together ``submission_seconds``, re-runs after a restart included;
- how long the trusted side waits: for the run, the kernels' start-ups (the grader's own
  time, ``KERNEL_SECONDS`` each) plus the cells' total plus some slack; then, once the
  cells' report is in, ``import_seconds`` again for the kernel to start serving the calls
  (one more execution in the kernel, like a cell: a cell may have installed something that
  runs before each execution). A notebook that misses either fails its code tasks, saying
  why, and the second also gets a note.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from grader.exceptions import ImportFailed
from grader.grading.answers import load_answers
from grader.lesson.manifest import Lesson
from grader.sandbox import confine, stage
from grader.sandbox.channel import WorkerSpec
from grader.sandbox.notebook import NotebookModule, NotebookProcess
from grader.submission.cells import is_answers, read_answers, unimplemented
from grader.submission.files import Submission, answers_something, notebook_name
from grader.submission.notebook import Notebook, clean_json, read_notebook
from grader.submission.source import SourceFacts, analyse_cells

KERNEL_SECONDS = 30  # for the kernel to start; it takes about half a second on an idle machine
MAX_KERNELS = 3  # the first one and the replacements the worker may start (see worker.MAX_RESTARTS)
RUN_SLACK_SECONDS = 10  # the worker's own start-up, interrupts of cells past their limits, the report
# Started as root, a notebook worker switches to a uid of its own (confine.private_uid), not to
# the shared `nobody`: RLIMIT_NPROC counts every process and thread of a uid, and a few
# concurrent kernels would exhaust nobody's 64.


def notebook_limits(lesson: Lesson, box: confine.Sandbox) -> confine.Limits:
    """A notebook worker's: time for its kernels, cells and calls; as root, a uid of its own (a
    kernel's dozen threads count against RLIMIT_NPROC)."""
    limits = confine.limits(KERNEL_SECONDS + lesson.import_seconds + 2 * lesson.submission_seconds,
                            lesson.memory_mb, box)
    return dataclasses.replace(limits, drop_to=confine.private_uid()) if limits.drop_to is not None else limits


class NotebookSubmission:
    """A located notebook submission, read once."""

    def __init__(self, found: Submission, lesson: Lesson):
        self.found, self.lesson = found, lesson
        self.notebook: Notebook = read_notebook(found.notebook)
        self.notes: list[str] = list(self.notebook.notes)
        if found.path.is_dir() and (found.path / lesson.module).is_file():
            self.notes.insert(0, f"graded {self.notebook.name}: {lesson.module} beside it still holds only the stubs")

    def start(self, tmp: Path, box: confine.Sandbox | None = None) -> NotebookModule:
        """Copy the submission (the notebook as cells only) where the worker may run it; start the worker."""
        lesson = self.lesson
        workdir = tmp / "submission"
        path = workdir / notebook_name(lesson)
        box = box or confine.current()
        limits = notebook_limits(lesson, box)
        private = stage.private_tmp(tmp, limits.drop_to) if box.mode != "bubblewrap" else None

        def launch(module_name: str, module_path: Path) -> NotebookProcess:
            return NotebookProcess(module_name, module_path, limits, box, tmpdir=private)

        spec = WorkerSpec(module_name=lesson.module_name, module_path=path, limits=limits, box=box, launcher=launch,
                          import_seconds=MAX_KERNELS * KERNEL_SECONDS + lesson.submission_seconds + RUN_SLACK_SECONDS,
                          ready_seconds=lesson.import_seconds)
        student = NotebookModule(spec, timeout=lesson.call_seconds, budget_seconds=lesson.submission_seconds,
                                 notebook=self.notebook)
        if self.notebook.problem:
            student.unavailable = ImportFailed(self.notebook.problem)
            return student
        if self.found.path.is_dir():
            stage.copy_folder(self.found.path, workdir, leave_out=(path.name,))
        else:
            workdir.mkdir()
        options = {"cell_seconds": lesson.import_seconds, "total_seconds": lesson.submission_seconds,
                   "kernel_seconds": KERNEL_SECONDS}
        path.write_text(clean_json(self.notebook, options), encoding="utf-8")
        stage.readable_copy(tmp, workdir)
        student.start()
        return student

    def answers(self) -> tuple[dict | None, str | None, str]:
        """(answers, why there are none, the name to give in feedback), as ``load_answers`` gives them."""
        lesson, name = self.lesson, self.notebook.name
        toml, toml_problem = load_answers(self.found.answers, lesson.answers) if self.found.answers else (None, None)
        marked = not self.notebook.problem and any(is_answers(cell) for cell in self.notebook.cells)
        cells, cells_problem = read_answers(self.notebook.cells) if marked else (None, None)
        if self.found.answers and (toml_problem or answers_something(toml) or not marked):
            if marked and answers_something(cells):
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

    def facts(self) -> SourceFacts:
        """What the cells say without running them (``grader.submission.source.analyse_cells``)."""
        return SourceFacts() if self.notebook.problem else analyse_cells(self.notebook.code_cells)

    def report_notes(self, student: NotebookModule | None) -> list[str]:
        return self.notes + (student.notes() if student is not None else [])
