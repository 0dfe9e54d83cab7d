"""Where submissions are graded: the contract every executor keeps, and the one grading step.

An executor takes Jobs (a student and the path to grade) and yields one Outcome per job,
in any order, as results arrive: ``local`` runs worker processes on this machine, ``dask``
sends jobs to a Dask cluster. Either way the coordinator (``grader.batch``) alone writes
the gradebook, so a gradebook has exactly one writer however many machines grade.

``grade_one`` is the step both executors run in their workers: one submission through a
long-lived GradingSession, every failure turned into an Outcome with its reason, so that
no single submission can stop a batch.
"""

from __future__ import annotations

import io
import time
from dataclasses import asdict, dataclass
from pathlib import Path

STATUSES = ("graded", "rejected", "error")
# graded:   the submission was graded (whatever its score)
# rejected: the submission cannot be graded as handed in (SubmissionError): final until it changes
# error:    the grader failed (a crash, a hang, a lost machine): retried on the next run


@dataclass(frozen=True)
class Job:
    student: str
    path: Path  # what is graded: often a temporary copy (an unzipped folder)
    content_hash: str = ""
    shown_as: str = ""  # the entry in the submissions folder, which the reports name instead of ``path``


@dataclass
class Outcome:
    student: str
    status: str
    report: dict | None = None  # Report.to_dict(): everything, as the instructor reads it
    student_report: str | None = None  # the JSON report the student may read (hidden checks stay hidden)
    reason: str = ""  # why it was rejected or failed; empty when graded
    seconds: float = 0.0  # wall time spent grading it, in the worker
    attempts: int = 1
    worker: str = ""  # which worker graded it, for the instructor chasing a problem

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Outcome:
        return cls(**data)

    @property
    def score(self) -> float | None:
        return self.report["score"] if self.report else None


def grade_one(session, student: str, path: Path, shown_as: str = "") -> tuple[Outcome, bool]:
    """Grade one submission in ``session``; return its Outcome and whether the session is still sound.

    A SubmissionError is the student's (a row saying why, kept until the content changes);
    any other failure is the grader's (a row saying why, retried next run). An unexpected
    exception may have left the session half-way through a run, so the caller replaces it.
    """
    from grader.exceptions import GraderError, StudentCodeError, SubmissionError

    started = time.monotonic()
    try:
        report = session.grade(path)
    except SubmissionError as exc:
        return Outcome(student, "rejected", reason=str(exc), seconds=time.monotonic() - started), True
    except GraderError as exc:
        return Outcome(student, "error", reason=str(exc), seconds=time.monotonic() - started), True
    except (Exception, StudentCodeError) as exc:  # noqa: BLE001 - whatever it is, it must become a row
        reason = f"internal error while grading ({type(exc).__name__}: {exc}); tell whoever runs the grader"
        return Outcome(student, "error", reason=reason, seconds=time.monotonic() - started), False
    if shown_as:  # named here, where the reports are written, not re-encoded by the coordinator
        report.submission = shown_as
    full = report.to_dict()
    if shown_as:
        report.submission = Path(shown_as).name  # a student's copy does not show the instructor's folders
    return Outcome(student, "graded", report=full, student_report=_student_json(report),
                   seconds=time.monotonic() - started), True


def _student_json(report) -> str:
    """The report as ``grader grade --format json`` prints it, in the copy a student may read."""
    from grader import formats

    stream = io.StringIO()
    formats.get("json").write(report.for_audience("student"), stream)
    return stream.getvalue()
