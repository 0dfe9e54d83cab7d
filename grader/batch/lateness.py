"""What the gradebook keeps of each row's lateness: seven columns of ``submissions`` (schema version 4).

A row keeps its raw ``score`` as it always did; under a late policy (``grader.batch.late``) it also keeps
when it was handed in and by which clock (``grader.batch.submitted``), the LMS's own "late" (Canvas's
``LATE_``), the due time with the student's extension, how late it was, the points taken and the final
score. All NULL without a policy: the final score is then the raw score (``LateRow.final``).

Why a module of its own: the gradebook (``grader.batch.gradebook``) stays the one writer of its file and
keeps its size; the columns, their migration and their rewriting live here, beside the rule that fills
them, and are written by the gradebook in its own transactions. Why the columns are rewritten on every
batch (``rewrite``), not only when a row is graded: an extension added to the roster, or a policy changed,
after a submission was graded must change its penalty at the next run, without grading it again.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from dataclasses import dataclass

from grader.batch.late import Mark

COLUMNS = ("submitted_at", "submitted_from", "lms_late", "due_at", "late_seconds", "penalty", "final_score")
TYPES = ("TEXT", "TEXT", "INTEGER", "TEXT", "REAL", "REAL", "REAL")
DDL = "".join(f"{name} {kind}, " for name, kind in zip(COLUMNS, TYPES, strict=True))  # in CREATE TABLE submissions

__all__ = ["COLUMNS", "DDL", "Kept", "LateRow", "Mark", "columns", "kept", "migrate", "rewrite"]


@dataclass(frozen=True)
class Kept:
    """A row's lateness as the gradebook keeps it (``COLUMNS``)."""

    submitted_at: str | None  # UTC, ISO 8601; None: not known
    submitted_from: str | None  # grader.batch.submitted.SOURCES
    lms_late: int | None  # the LMS's own judgement: 1 late, 0 on time, None: it gives none
    due_at: str | None  # ISO 8601, in the course's zone, the student's extension applied
    late_seconds: float | None  # past the due time (0: on time or within the grace); None: not known
    penalty: float | None  # points taken; None: no score to take them from
    final_score: float | None


class LateRow:
    """What the class report and the exports read of a row's lateness (``grader.batch.gradebook.Row``)."""

    kept: Kept | None
    score: float | None

    @property
    def late(self) -> float | None:
        """Hours past the due time (0: on time); None without a late policy or a known time."""
        seconds = self.kept.late_seconds if self.kept is not None else None
        return None if seconds is None else round(seconds / 3600, 2)

    @property
    def penalty(self) -> float | None:
        return self.kept.penalty if self.kept is not None else None

    @property
    def final(self) -> float | None:
        """The score an LMS gets: the raw score less any late penalty."""
        final = self.kept.final_score if self.kept is not None else None
        return final if final is not None else self.score


def kept(values) -> Kept | None:
    """``COLUMNS``' values of a row as ``Kept``; None when all are NULL (no policy)."""
    values = tuple(values)
    return Kept(*values) if any(value is not None for value in values) else None


def columns(mark: Mark | None, score: float | None, max_score: float | None) -> dict[str, object]:
    """The lateness columns of a row scoring ``score`` of ``max_score``: all NULL without a policy; the penalty
    and final score NULL for a row with no score (a failure is no grade to take points from)."""
    if mark is None:
        return dict.fromkeys(COLUMNS)
    late = mark.late
    penalty = None
    if score is not None:
        penalty = 0.0 if late is None else mark.policy.penalty(late, score, max_score or 0.0)
    return {"submitted_at": mark.submitted.astimezone(_dt.UTC).isoformat(timespec="seconds") if mark.submitted
            else None, "submitted_from": mark.source,
            "lms_late": None if mark.marked_late is None else int(mark.marked_late),
            "due_at": mark.due.isoformat(timespec="seconds"),
            "late_seconds": None if late is None else late.total_seconds(), "penalty": penalty,
            "final_score": None if score is None else round(score - penalty, 6)}


def migrate(db: sqlite3.Connection) -> None:
    """A gradebook of schema 1 to 3 given the columns, NULL in every row: nothing graded changes."""
    for name, kind in zip(COLUMNS, TYPES, strict=True):
        db.execute(f"ALTER TABLE submissions ADD COLUMN {name} {kind}")


def rewrite(db: sqlite3.Connection, lesson: str, marks: dict[str, Mark | None]) -> None:
    """Each student's lateness rewritten from ``marks`` (None: no policy), in one transaction. ``graded_at``
    moves when the penalty or the final score does, so that ``--changed-since`` exports the row again."""
    now = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    update = ("UPDATE submissions SET graded_at = CASE WHEN final_score IS NOT :final_score OR penalty IS NOT "
              ":penalty THEN :now ELSE graded_at END, " + ", ".join(f"{name} = :{name}" for name in COLUMNS)
              + " WHERE lesson = :lesson AND student = :student")
    with db:
        for student, mark in marks.items():
            found = db.execute("SELECT score, max_score FROM submissions WHERE lesson = ? AND student = ?",
                               (lesson, student)).fetchone()
            if found is not None:
                db.execute(update, {**columns(mark, *found), "now": now, "lesson": lesson, "student": student})
