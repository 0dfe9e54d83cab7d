"""Grading one submission: the trusted process's whole job, start to finish.

The worker is started first, as soon as the lesson and the submission's files are known: before
the source is read and copied (the worker waits for its ``hello``, sent once the copy is in place)
and before this process imports numpy (the codec needs it) or the checks, so that the worker
imports numpy on one core while this process does its own work on the other; the answers file is
graded meanwhile.
Nothing from the submission is executed here: its module is copied to a private folder
and run only by the worker, its answers are parsed as data, and its source is only compiled
and parsed (``grader.submission.source``) to recognise untouched stubs and the failures that
come before any call: a function that does not compile is left out of the worker's copy so
that the others can be graded, and a stub defined after the student's work is said to be
one without calling it (``grader.submission.failures``).

Before the checks run, the worker must have run the grader's canary (``sandbox.canary``): if
its sandbox cannot, this grade falls back to a weaker one (the report says so) or stops with
SandboxFailed; a failure the canary would also have hit is never scored as the student's.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from grader.exceptions import CanaryFailed, ImportFailed, SubmissionError
from grader.lesson.course import Course, find_course
from grader.lesson.manifest import Lesson
from grader.lesson.solutions import resolve_solutions
from grader.sandbox import canary, confine, stage
from grader.sandbox.spawn import SpawnedProcess
from grader.submission.files import Submission, choose_lesson

if TYPE_CHECKING:  # imported where they are used, once the worker is on its way (the module docstring)
    from grader.result import Report
    from grader.submission.source import SourceFacts


def grade(submission: str | Path, lesson: str | Lesson | None = None, course: Course | None = None,
          solutions: str | Path | None = None, *, launcher=None, run_checks=None, scratch: Path | None = None,
          student: str | None = None, reference=None, variants=()) -> Report:
    """Grade a submission folder or module file; ``solutions`` overrides the reference: a lesson
    folder or a tree of them (``grader.lesson.solutions``).

    ``student``: the id whose own numbers the submission answers (``grader.lesson.variants``): its answers
    are graded against that variant's and its own-number checks ask about them; None, or a lesson without
    parameters, grades with the lesson's own numbers. ``variants`` (``grader validate``'s): the own-number
    checks are run again for each, their results in ``Report.per_variant``.

    ``launcher``, ``run_checks``, ``scratch`` (where the submission is copied) and ``reference`` (the loaded
    solution) let a GradingSession share a fork server, a pytest session and its reference across
    submissions; alone, a grade starts its own worker and runs pytest once.
    The trusted id comes from where the submission came from, never from inside it: an id the submission
    names itself that is not ``student`` is kept for the instructor (``grader.submission.claims``).
    """
    started = time.monotonic()
    student_id, student = student, None  # the name is the submission's module from here on
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
    reference_dir = resolve_solutions(course, the_lesson, solutions)  # either layout (grader.lesson.solutions)
    if run_checks is None:  # a GradingSession has checked its reference once, up front
        from grader.lesson.solutions import require_reference

        require_reference(the_lesson, reference_dir)

    tmp = tempfile.mkdtemp(prefix="grader-", dir=scratch or stage.temp_root())
    early, per_variant = None, []
    try:
        early = _early_worker(found, the_lesson, notebook, Path(tmp), launcher)
        variant = None
        if the_lesson.parameters is not None and (student_id is not None or variants):
            from grader.grading.variants import student_variant

            the_lesson, variant, reference = student_variant(course, the_lesson, student_id, reference_dir, reference)
        from grader.grading.answers import answer_notes, answers_in_tables, grade_answer, load_answers
        from grader.submission.failures import before_any_call, stand_in_note
        from grader.submission.source import SourceFacts, analyse

        confinement, fallback, limited, output, notes = "", "", False, "", []
        facts, blocked = SourceFacts(), {}
        if the_lesson.code_tasks:  # what the source shows before any call: a syntax error, a stub defined last
            facts = notebook.facts() if notebook else analyse(found.module)
            blocked, notes = before_any_call(facts, notebook.notebook.name if notebook else the_lesson.module,
                                             [t.function for t in the_lesson.code_tasks],
                                             "cell" if notebook else "line")
        student, failure = None, None
        if the_lesson.code_tasks:
            start = _starter(found, the_lesson, notebook, Path(tmp), launcher, facts, blocked, early)
            try:
                student = start(canary.sandbox())
            except CanaryFailed as exc:  # said once pytest is loaded: the fallback, or the grader's fault
                failure = exc
        try:
            answers, problem, answers_name = (notebook.answers() if notebook else
                                              (*load_answers(found.answers, the_lesson.answers,
                                                             found.passed_over.get(the_lesson.answers)),
                                               the_lesson.answers))
            answers = answers_in_tables(answers, the_lesson, answers_name)  # all under [answers]: read from there
            results = {t.id: [grade_answer(t, answers, problem, answers_name,
                                           expected=variant.answers[t.id] if variant else None)]
                       for t in the_lesson.tasks if not t.is_code}
            notes += answer_notes(answers, the_lesson)  # lines that answer nothing: said once, about the file
            if student is not None or failure is not None:
                if run_checks is None:  # without pytest where the suite allows (grading.collect), else with it
                    from grader.grading.collect import run_checks as run_lesson_checks
                    from grader.grading.reference import load_reference

                    def run_checks(lesson, student, variants=(), per_variant=None):
                        truth = reference if reference is not None else \
                            load_reference(reference_dir / lesson.module, lesson)
                        return run_lesson_checks(lesson, student, truth, variants, per_variant)
                student = _proven(student, failure, start, fall_back=launcher is None)
                box = student.spec.box
                confinement, fallback, limited = box.description, box.fallback, box.limited
                results.update(run_checks(the_lesson, student, variants, per_variant) if variants else
                               run_checks(the_lesson, student))
                if student.fault is not None:  # a later worker could not start: nothing of this grade counts
                    raise canary.fault(student.fault)
        finally:  # whatever fails, no process of the submission outlives the grade
            if student is not None:
                student.close()
                output = student.output
    finally:  # a root worker in limited mode may have made its copy undeletable: freed and removed
        if early is not None and not early.taken:  # the grade stopped before it was handed the copy
            early.process.kill()
        stage.remove_tree(tmp)

    stubs = student.stubs if student is not None else set()
    stand_ins = tuple(m for m in (student.stand_ins if student is not None else ()) if m in facts.imports)
    filename = notebook.notebook.name if notebook else the_lesson.module
    notes += [stand_in_note(filename, stand_ins, facts, cells=notebook is not None)] if stand_ins else []
    from grader.result import Report, TaskResult

    tasks, answered = [], student.answered if student is not None else set()
    for task in the_lesson.tasks:
        # read from the source: a name rebound at run time (a decorator, globals().update, a def inside `if True:`,
        # a star import) is not, so a task whose every check passed, or whose function answered a call with more
        # than a stub's None, was begun whatever its text says
        checks = results[task.id]
        note, unstarted = "", bool(task.function and task.function in stubs and task.function not in answered
                                   and not (checks and all(c.passed for c in checks)))
        if unstarted:
            note = f"not implemented yet: {task.function} still has only `pass` in its body"
            note += f" (the lesson asks for {task.title})" if task.title else ""
        tasks.append(TaskResult(id=task.id, title=task.title, max_score=task.points,
                                checks=checks, note=note, unstarted=unstarted))
    from grader.lesson.variants import normalise_id
    from grader.submission.claims import claimed, disagreeing, variant_claims

    metadata, cells = (notebook.notebook.metadata, notebook.notebook.cell_metadata) if notebook else (None, ())
    claim = claimed(answers, metadata, cells)
    names = [p.name for p in the_lesson.parameters.parameters] if the_lesson.parameters else []
    said = variant_claims(answers, names, metadata, cells, found.path if found.path.is_dir() else None)
    given = [(t.id, _as_written(answers, t.answer.key)) for t in the_lesson.tasks if t.answer]
    report = Report(lesson=the_lesson.id, title=the_lesson.title, submission=str(path), tasks=tasks,
                    execution_time=time.monotonic() - started, sandbox=confinement, sandbox_fallback=fallback,
                    output=output, notes=[*found.notes, *(notebook.report_notes(student) if notebook else []), *notes],
                    stand_ins=stand_ins, limited=limited, variant=_numbers(variant),
                    claimed_student=disagreeing(claim, student_id, normalise_id), claimed_variant=said,
                    answers_given=given)
    report.per_variant = per_variant
    return report


def _as_written(answers, key: str):
    """The answer to ``key`` as the submission wrote it (its key in other capitals too), for a class
    view to compare with other students' numbers; None when there is none (or it was given twice)."""
    if not isinstance(answers, dict):
        return None
    if key in answers:
        return answers[key]
    folded = [k for k in answers if isinstance(k, str) and k.casefold() == key.casefold()]
    return answers[folded[0]] if len(folded) == 1 else None


def _numbers(variant):
    """The report's account of a student's own numbers (None for the lesson's own)."""
    if variant is None or variant.student is None:
        return None
    from grader.result import VariantNumbers

    said = dict(variant.says)
    return VariantNumbers(variant.student, tuple((name, value, said.get(name, "")) for name, value in
                                                 variant.parameters.items()), tuple(variant.answers.items()))


class _Early:
    """A single grade's first worker, started before its folder holds the copy (``_early_worker``)."""

    def __init__(self, process: SpawnedProcess, box: confine.Sandbox, private: Path | None):
        self.process, self.box, self.private, self.taken = process, box, private, False


def _early_worker(found: Submission, lesson: Lesson, notebook, tmp: Path, launcher) -> _Early | None:
    """A single grade's module worker, started into the empty ``tmp/submission`` in the sandbox the
    first attempt will use: it starts Python and imports numpy while this process reads, analyses
    and copies the source into that folder, and reads nothing of it before its ``hello``, which the
    channel sends once the copy is in place. None where a grade starts no such worker (a session's
    fork server, a notebook, nothing to run) or when it cannot start yet: the first attempt then
    starts its own, as it always did, and meets the same failure there."""
    if launcher is not None or notebook is not None or not lesson.code_tasks or found.module is None:
        return None
    box = canary.sandbox()
    limits = worker_limits(lesson, box)
    workdir = tmp / "submission"
    workdir.mkdir()
    private = None
    try:
        private = stage.private_tmp(tmp, limits.drop_to) if box.mode != "bubblewrap" else None
        process = SpawnedProcess(lesson.module_name, workdir / lesson.module, limits, box, tmpdir=private)
    except (Exception, CanaryFailed):  # noqa: BLE001 - the first attempt starts its own and says why it cannot
        for folder in (private or tmp / "t", workdir):
            if folder.exists():
                stage.remove_tree(folder)
        return None
    return _Early(process, box, private)


def _starter(found: Submission, lesson: Lesson, notebook, tmp: Path, launcher, facts: SourceFacts,
             blocked: dict, early: _Early | None = None):
    """start(box): the submission's worker in ``box``, each attempt in a folder of its own. A notebook's
    sandbox is proved first, by the canary in a module worker, until this process has proved one.
    What the source shows before any call (``facts``, ``blocked``) travels with every student it starts."""
    attempts = itertools.count()

    def start(box: confine.Sandbox):
        folder = tmp if next(attempts) == 0 else Path(tempfile.mkdtemp(prefix="fallback-", dir=tmp))
        if notebook is None:
            first = early if early is not None and folder == tmp and box == early.box else None
            student = _start_student(found, lesson, folder, launcher, box, facts, first)
            if facts.parsed:
                stubs = facts.stubs()
            else:
                from grader.submission.stubs import unimplemented_functions

                stubs = unimplemented_functions(found.module)
        else:
            student = _start_notebook(notebook, lesson, folder, box)
            stubs = notebook.stubs()
        student.source, student.blocked = facts, blocked
        student.stubs = frozenset(stubs) - set(blocked)
        return student
    return start


def _start_notebook(notebook, lesson: Lesson, folder: Path, box: confine.Sandbox):
    """The notebook's kernel worker in ``box``, once a module worker has run the canary there."""
    if not canary.settled():
        from grader.grading.notebook import notebook_limits

        proof = folder / "canary"
        proof.mkdir()
        stage.readable_copy(folder, proof)
        canary.run(None, proof, box, notebook_limits(lesson, box), lesson.import_seconds)
        canary.passed(box)
    return notebook.start(folder, box)


def _proven(student, failure: CanaryFailed | None, start, fall_back: bool):
    """``student`` once its worker has run the canary; else a student started in the sandbox the
    canary falls back to, until one passes (SandboxFailed when none may: ``canary.failed``)."""
    box = student.spec.box if student is not None else canary.sandbox()
    while True:
        if failure is None:
            try:
                if student.prove():
                    canary.passed(box)
                return student
            except CanaryFailed as exc:
                student.close()
                failure = exc
        if not fall_back:  # a session's fork server: its sandbox was proved when it started
            raise canary.fault(failure)
        box = canary.failed(box, failure)
        try:
            student, failure = start(box), None
        except CanaryFailed as exc:
            failure = exc


def _start_student(found: Submission, lesson, tmp: Path, launcher=None, box: confine.Sandbox | None = None,
                   facts: SourceFacts | None = None, early: _Early | None = None):
    """Copy the submission where the worker may run it (the module as ``facts`` repaired it, when
    functions that do not compile were left out of it), and start the worker (or hand it ``early``'s,
    started into that folder before it held anything)."""
    workdir = tmp / "submission"
    module_path = workdir / lesson.module
    box = box or canary.sandbox()
    limits = worker_limits(lesson, box)
    if found.module is not None:
        if found.path.is_dir():
            stage.copy_folder(found.path, workdir, into_existing=early is not None)
            if found.module.name != lesson.module:  # named but for case (Prefill.py): imported under the lesson's name
                shutil.copyfile(found.module, module_path)
        else:
            workdir.mkdir(exist_ok=early is not None)
            shutil.copyfile(found.module, module_path)
        if facts is not None and facts.repaired is not None:
            module_path.write_text(facts.repaired, encoding=facts.encoding, errors="replace")
        stage.readable_copy(tmp, workdir)
        if launcher is None and early is not None:
            early.taken = True
            launcher = _started_first(early.process, limits, box, early.private)
        elif launcher is None:
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
        why = found.passed_over.get(lesson.module)
        said = f"{lesson.module} {why}" if why else f"no {lesson.module} was handed in{found.instead}"
        student.unavailable = ImportFailed(f"{said}, so every code task scores 0")
        return student
    student.start()
    return student


def _started_first(process: SpawnedProcess, limits: confine.Limits, box: confine.Sandbox, tmpdir: Path | None):
    """A launcher that hands out the already started ``process`` once, then starts fresh ones."""
    waiting = [process]

    def launch(module_name: str, module_path: Path) -> SpawnedProcess:
        return waiting.pop() if waiting else SpawnedProcess(module_name, module_path, limits, box, tmpdir=tmpdir)
    return launch


def worker_limits(lesson: Lesson, box: confine.Sandbox | None = None) -> confine.Limits:
    """A module worker's rlimits: its CPU time covers the import and every call, as a backstop."""
    return confine.limits(lesson.import_seconds + lesson.submission_seconds, lesson.memory_mb, box)
