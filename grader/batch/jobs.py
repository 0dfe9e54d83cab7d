"""The plain data a batch passes around: a Job to grade, and the Outcome that comes back.

Both cross process and machine boundaries (a local grading process's pipe, a Dask task),
so they hold only strings, numbers, paths and the report as a dict: an Outcome becomes
JSON on the way back, never a pickle of grader objects. The gradebook stores Outcomes;
executors (``grader.batch.executors``) produce them.
"""

from __future__ import annotations

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
