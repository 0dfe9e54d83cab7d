"""Where submissions are graded: the contract every executor keeps, and the one grading step.

An executor takes Jobs (a student and the path to grade) and yields one Outcome per job,
in any order, as results arrive: ``local`` runs grading processes on this machine, ``dask``
sends jobs to a Dask cluster. Either way the coordinator (``grader.batch.coordinator``)
alone writes the gradebook, so a gradebook has exactly one writer however many machines
grade.

``grade_one`` is the step both executors run where they grade: one submission through a
long-lived GradingSession, every failure turned into an Outcome with its reason, so that
no single submission can stop a batch.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Protocol

from grader.batch.jobs import Job, Outcome
from grader.result import Report


class Session(Protocol):
    """What grades in a grading process: a ``grader.GradingSession`` (tests pass stand-ins)."""

    def grade(self, submission: Path, student: str | None = None) -> Report: ...

    def close(self) -> None: ...


class Executor(Protocol):
    """Grades jobs somewhere and yields their outcomes."""

    name: str  # "local", "dask": what --executor calls it

    def results(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        """One Outcome per job, in any order, each as soon as it exists.

        A job whose grading failed (a crash, a hang, a lost machine) still yields an Outcome
        (status ``error``, with the reason), so the caller can record it and go on; only a
        fault of the executor itself (no worker can start, no scheduler) raises GraderError.
        """
        ...


def grade_one(session: Session, student: str, path: Path, shown_as: str = "", identity: str = ""
              ) -> tuple[Outcome, bool]:
    """Grade one submission in ``session``; return its Outcome and whether the session is still sound.
    ``identity``: the trusted id whose numbers it is graded with (``Job.identity``), passed on as the
    session's ``student``; without one the session grades with the lesson's own numbers.

    A SubmissionError is the student's (a row saying why, kept until the content changes);
    any other failure is the grader's (a row saying why, retried next run), and so is one while
    the reports are written. An unexpected exception may have left the session half-way
    through a run, and a sandbox that failed the canary (SandboxFailed: a worker that could not
    start or switch users) may have left its fork server broken, so the caller replaces it.
    """
    from grader.exceptions import GraderError, SandboxFailed, StudentCodeError, SubmissionError

    started = time.monotonic()
    try:
        report = session.grade(path, student=identity) if identity else session.grade(path)
        if shown_as:  # named here, where the reports are written, not re-encoded by the coordinator
            report.submission = shown_as
        full = report.to_dict()
        if shown_as:
            report.submission = Path(shown_as).name  # a student's copy does not show the instructor's folders
        student_report = _student_json(report)
    except SubmissionError as exc:
        return Outcome(student, "rejected", reason=_named(str(exc), path, shown_as),
                       seconds=time.monotonic() - started), True
    except GraderError as exc:
        sound = not isinstance(exc, SandboxFailed)
        return Outcome(student, "error", reason=_named(str(exc), path, shown_as),
                       seconds=time.monotonic() - started), sound
    except (Exception, StudentCodeError) as exc:  # noqa: BLE001 - whatever it is, it must become a row
        reason = f"internal error while grading ({type(exc).__name__}: {exc}); tell whoever runs the grader"
        return Outcome(student, "error", reason=_named(reason, path, shown_as),
                       seconds=time.monotonic() - started), False
    if report.broken_checks:  # the grader's fault: a row to retry once the suite is fixed, never a score
        return Outcome(student, "error", reason=report.suite_fault(), seconds=time.monotonic() - started), True
    return Outcome(student, "graded", report=full, student_report=student_report,
                   seconds=time.monotonic() - started), True


def _named(reason: str, path: Path, shown_as: str) -> str:
    """A reason naming the entry as the instructor knows it: a zip's is graded from a scratch folder
    (``/tmp/grader-batch-…/unzipped/ana``), gone once the batch ends, which its row must not name."""
    return reason.replace(str(path), shown_as) if shown_as else reason


def _student_json(report) -> str:
    """The report as ``grader grade --format json`` prints it, in the copy a student may read."""
    from grader import formats

    stream = io.StringIO()
    formats.create("json").write(report.for_audience("student"), stream)
    return stream.getvalue()
