"""Grading one submission: the trusted process's whole job, start to finish.

The worker is started first, before this process imports numpy (the codec needs it) or
pytest, so that the worker imports numpy and the submission on one core while this
process imports its own on the other; the answers file is graded meanwhile.
Nothing from the submission is executed here: its module is copied to a private folder
and run only by the worker, its answers are parsed as data, and its source is only parsed
by ``ast`` to recognise untouched stubs.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from grader.exceptions import ImportFailed, SubmissionError
from grader.grading.answers import grade_answer, load_answers
from grader.lesson.course import Course, find_course
from grader.lesson.manifest import Lesson
from grader.result import Report, TaskResult
from grader.sandbox import confine, stage
from grader.sandbox.spawn import SpawnedProcess
from grader.submission.files import Submission, choose_lesson
from grader.submission.stubs import unimplemented_functions


def grade(submission: str | Path, lesson: str | Lesson | None = None, course: Course | None = None,
          solutions: str | Path | None = None, *, launcher=None, run_checks=None, scratch: Path | None = None
          ) -> Report:
    """Grade a submission folder or module file; ``solutions`` overrides the reference folder.

    ``launcher``, ``run_checks`` and ``scratch`` (where the submission is copied) let a
    GradingSession share a fork server and a pytest session across submissions; alone, a
    grade starts its own worker and runs pytest once.
    """
    started = time.monotonic()
    path = Path(submission)
    course = course or find_course()
    if not path.exists():  # said before anything else: no lesson can be inferred from nothing
        raise SubmissionError(f"{path}: no such file or folder")
    the_lesson = lesson if isinstance(lesson, Lesson) else choose_lesson(course, path, lesson).lesson
    found = Submission.locate(path, the_lesson)
    notebook = None
    if found.notebook is not None:
        from grader.grading.notebook import NotebookSubmission  # only a notebook pays for reading one

        notebook = NotebookSubmission(found, the_lesson)
    reference_dir = Path(solutions) if solutions else course.solutions_dir(the_lesson)

    confinement, output = "", ""
    tmp = tempfile.mkdtemp(prefix="grader-", dir=scratch)
    try:
        student = None
        if the_lesson.code_tasks:
            student = notebook.start(Path(tmp)) if notebook else _start_student(found, the_lesson, Path(tmp), launcher)
            confinement = student.spec.box.description
            student.stubs = frozenset(notebook.stubs() if notebook else unimplemented_functions(found.module))
        try:
            answers, problem, answers_name = (notebook.answers() if notebook else
                                              (*load_answers(found.answers, the_lesson.answers), the_lesson.answers))
            results = {t.id: [grade_answer(t, answers, problem, answers_name)]
                       for t in the_lesson.tasks if not t.is_code}
            if student is not None:
                if run_checks is None:
                    from grader.grading.reference import load_reference
                    from grader.grading.suite import run_suite  # pytest loads while the worker starts

                    def run_checks(lesson, student):
                        return run_suite(lesson, student, load_reference(reference_dir / lesson.module, lesson))
                results.update(run_checks(the_lesson, student))
        finally:  # whatever fails, no process of the submission outlives the grade
            if student is not None:
                student.close()
                output = student.output
    finally:  # a root worker in limited mode may have made its copy undeletable: freed and removed
        stage.remove_tree(tmp)

    stubs = student.stubs if student is not None else set()
    tasks = []
    for task in the_lesson.tasks:
        note, unstarted = "", bool(task.function and task.function in stubs)
        if unstarted:
            note = f"not implemented yet: {task.function} still has only `pass` in its body"
            note += f" (the lesson asks for {task.title})" if task.title else ""
        tasks.append(TaskResult(id=task.id, title=task.title, max_score=task.points,
                                checks=results[task.id], note=note, unstarted=unstarted))
    return Report(lesson=the_lesson.id, title=the_lesson.title, submission=str(path), tasks=tasks,
                  execution_time=time.monotonic() - started, sandbox=confinement, output=output,
                  notes=notebook.report_notes(student) if notebook else [])


def _start_student(found: Submission, lesson, tmp: Path, launcher=None):
    """Copy the submission where the worker may run it, and start the worker."""
    workdir = tmp / "submission"
    module_path = workdir / lesson.module
    limits, box = worker_limits(lesson), confine.current()
    if found.module is not None:
        if found.path.is_dir():
            stage.copy_folder(found.path, workdir)
        else:
            workdir.mkdir()
            shutil.copyfile(found.module, module_path)
        stage.readable_copy(tmp, workdir)
        if launcher is None:
            private = stage.private_tmp(tmp, limits.drop_to) if box.mode != "bubblewrap" else None
            launcher = _started_first(SpawnedProcess(lesson.module_name, module_path, limits, box, tmpdir=private),
                                      limits, box, private)
    from grader.sandbox.channel import WorkerSpec  # imports numpy: the worker is on its way already
    from grader.sandbox.proxy import StudentModule

    spec = WorkerSpec(module_name=lesson.module_name, module_path=module_path, import_seconds=lesson.import_seconds,
                      limits=limits, box=box, launcher=launcher)
    student = StudentModule(spec, timeout=lesson.call_seconds, budget_seconds=lesson.submission_seconds,
                            budget_shares=len(lesson.code_tasks))
    if found.module is None:
        student.unavailable = ImportFailed(f"no {lesson.module} was handed in, so every code task scores 0")
        return student
    student.start()
    return student


def _started_first(process: SpawnedProcess, limits: confine.Limits, box: confine.Sandbox, tmpdir: Path | None):
    """A launcher that hands out the already started ``process`` once, then starts fresh ones."""
    waiting = [process]

    def launch(module_name: str, module_path: Path) -> SpawnedProcess:
        return waiting.pop() if waiting else SpawnedProcess(module_name, module_path, limits, box, tmpdir=tmpdir)
    return launch


def worker_limits(lesson: Lesson) -> confine.Limits:
    """A module worker's rlimits: its CPU time covers the import and every call, as a backstop."""
    return confine.limits(lesson.import_seconds + lesson.submission_seconds, lesson.memory_mb)
