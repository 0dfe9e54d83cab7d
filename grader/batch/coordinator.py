"""Grading a whole class: ``grader batch SUBMISSIONS``, resumable and idempotent.

The coordinator (this module) reads the submissions folder (``grader.batch.roster``), freezes the
lesson it grades with (``grader.batch.snapshot``), asks the gradebook what is already graded,
hands the rest to an executor (local worker processes, or a Dask cluster) and writes each
result as it arrives, one transaction per result. It is the gradebook's only writer.

Why this order: a result is committed the moment it exists, so a batch killed at any
instant (SIGKILL included) has lost at most the grades in flight, and the next run skips
every submission whose content hash and suite version match its row. A student's JSON
report is written (atomically) *before* the row is committed: a kill between the two means
a regrade next run, never a row without its report.
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from grader import atomic
from grader.batch import roster
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Job, Outcome
from grader.batch.progress import BatchProgress
from grader.batch.snapshot import LessonSnapshot
from grader.batch.summary import ClassSummary, render, summarize
from grader.exceptions import UsageError
from grader.lesson.course import Course
from grader.lesson.manifest import Lesson

EXECUTORS = ("local", "dask")
SLACK_SECONDS = 60  # on top of the lesson's own import and submission limits, before a worker is stopped


@dataclass
class BatchResult:
    lesson: str
    graded_now: int = 0
    unchanged: int = 0
    students: set[str] = field(default_factory=set)
    kept: list[tuple[str, str]] = field(default_factory=list)  # (student, reason): failed now, earlier grade kept
    summary: ClassSummary | None = None

    @property
    def complete(self) -> bool:
        """True when every student of the folder was graded or finally refused: no grading failed."""
        return self.summary is not None and not any(p[1] in ("error", "kept") for p in self.summary.problems)


def pick_lesson(course: Course, lesson: str | None) -> Lesson:
    if lesson:
        return course.lesson(lesson)
    ids = course.lesson_ids()
    if len(ids) != 1:
        raise UsageError(f"{course.suites_dir} holds {'no lessons' if not ids else 'lessons ' + ', '.join(ids)}; "
                         "pass --lesson")
    return course.lesson(ids[0])


def run_batch(folder: Path, course: Course, *, gradebook: Path, lesson: str | None = None, jobs: int = 2,
              reports: Path | None = None, csv: Path | None = None, solutions: Path | None = None,
              executor: str = "local", scheduler: str | None = None, regrade: bool = False,
              session: str | None = None, out=None, err=None) -> BatchResult:
    """Grade every submission in ``folder`` that the gradebook does not already hold as it is."""
    out = out if out is not None else sys.stdout
    _check_options(folder, jobs, executor, scheduler, reports)
    the_lesson = pick_lesson(course, lesson)
    with Gradebook(gradebook) as book, tempfile.TemporaryDirectory(prefix="grader-batch-") as tmp:
        scratch = Path(tmp)
        snapshot = LessonSnapshot.take(course, the_lesson, solutions)
        version = snapshot.version
        book.set_lesson(the_lesson.id, the_lesson.title, version,
                        [(t.id, t.title, t.points) for t in the_lesson.tasks])
        result = BatchResult(the_lesson.id)
        ours = {Path(f"{gradebook}{suffix}") for suffix in ("", "-wal", "-shm", "-journal")} | {reports, csv}
        todo, sources = _plan(folder, scratch, book, the_lesson.id, version, regrade, reports, result,
                              ignore={p.resolve() for p in ours if p is not None})
        runner = _executor(executor, scheduler, snapshot, scratch, the_lesson, jobs, session)
        with BatchProgress(len(todo), f"grading {the_lesson.id}", stream=err) as progress:
            for outcome in runner.results(todo):
                source, content_hash = sources[outcome.student]
                _place(outcome, source)
                if reports is not None and outcome.student_report:
                    atomic.write(reports / f"{outcome.student}.json", outcome.student_report)
                if not book.record(the_lesson.id, version, str(source), content_hash, outcome):
                    result.kept.append((outcome.student, outcome.reason))
                result.graded_now += outcome.status == "graded"
                progress.advance(outcome)
        result.summary = summarize(the_lesson.id, book.tasks(the_lesson.id), book.rows(the_lesson.id, result.students),
                                   result.graded_now, result.unchanged, kept=result.kept)
        if csv is not None:
            book.export_csv(csv, the_lesson.id)
    render(result.summary, out)
    return result


def _check_options(folder: Path, jobs: int, executor: str, scheduler: str | None, reports: Path | None) -> None:
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder of submissions")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if executor not in EXECUTORS:
        raise UsageError(f"unknown executor '{executor}' (choose from {', '.join(EXECUTORS)})")
    if executor == "dask" and not scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS (e.g. tcp://scheduler:8786)")
    if executor != "dask" and scheduler:
        raise UsageError("--scheduler is for --executor dask")
    if reports is not None:
        try:  # an unwritable folder is found now, not after half the class
            reports.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--reports {reports}: cannot create the folder ({exc.strerror or exc})") from None


def _plan(folder: Path, scratch: Path, book: Gradebook, lesson: str, version: str, regrade: bool,
          reports: Path | None, result: BatchResult, ignore: set[Path]) -> tuple[list[Job], dict]:
    """The jobs still to grade; refusals found while reading the folder are recorded right away."""
    known = book.known(lesson)
    todo: list[Job] = []
    sources: dict[str, tuple[Path, str]] = {}
    for student, entries in roster.scan(folder, ignore).items():
        entry = roster.prepare(student, entries, scratch)
        result.students.add(student)
        sources[student] = (entry.source, entry.content_hash)
        before = known.get(student)
        unchanged = (not regrade and before is not None and entry.content_hash
                     and before.content_hash == entry.content_hash and before.suite_version == version
                     and before.status in ("graded", "rejected"))
        if unchanged:
            result.unchanged += 1
            if reports is not None and before.status == "graded":
                _restore_report(book, lesson, student, reports)
        elif entry.problem:
            book.record(lesson, version, str(entry.source), entry.content_hash,
                        Outcome(student, "rejected", reason=entry.problem, worker="coordinator"))
        else:
            todo.append(Job(student, entry.path, entry.content_hash, shown_as=str(entry.source)))
    return todo, sources


def _executor(name: str, scheduler: str | None, snapshot: LessonSnapshot, scratch: Path, lesson: Lesson,
              jobs: int, session: str | None):
    if name == "dask":
        from grader.batch.executors.dask import DaskExecutor

        return DaskExecutor(scheduler, snapshot)
    from grader.batch.executors.local import SESSION, LocalExecutor, WorkerConfig

    root = scratch / "course"
    snapshot.materialize(root)
    (scratch / "logs").mkdir()
    config = WorkerConfig(lesson.id, str(root), None, session=session or SESSION, log_dir=str(scratch / "logs"))
    return LocalExecutor(config, jobs, timeout=lesson.import_seconds + lesson.submission_seconds + SLACK_SECONDS)


def _place(outcome: Outcome, source: Path) -> None:
    """Name the entry in the submissions folder in both reports, not the temporary copy that was graded.

    Executors that passed ``Job.shown_as`` on have done so already; decoding and re-encoding
    the student's report here cost the coordinator a core's worth of a big batch.
    """
    if outcome.report is not None and outcome.report.get("submission") == str(source):
        return
    if outcome.report is not None:
        outcome.report["submission"] = str(source)
    if outcome.student_report:
        try:
            data = json.loads(outcome.student_report)
        except ValueError:
            return
        if isinstance(data, dict) and "submission" in data:
            data["submission"] = source.name
            outcome.student_report = json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _restore_report(book: Gradebook, lesson: str, student: str, reports: Path) -> None:
    """An unchanged submission graded by an earlier run without --reports still gets its file."""
    target = reports / f"{student}.json"
    if not target.exists():
        text = book.student_report(lesson, student)
        if text:
            atomic.write(target, text)
