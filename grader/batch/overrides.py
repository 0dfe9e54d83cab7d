"""A TA's decision on a regrade request: ``grader gradebook override STUDENT TASK SCORE --reason TEXT``.

Why a table of its own (``overrides``), not an edit of ``task_scores``: the computed score is the
grader's, rewritten by every regrade; the override is a person's, and must outlive those regrades. So
a regrade records the new computed score (``task_scores``, ``grader.batch.history``) and the override
still decides the final one: ``Gradebook.rows`` applies the active overrides to every row it returns
(the task's score and the total), and flags them on the row (``Row.overrides``), so the CSV, the LMS
exports, the class report and the student's page all show the same final score and say why.

The audit trail: an override is never deleted nor edited. It carries who set it (``$USER`` or
``--by``), when and why; clearing or replacing it stamps the old one with who cleared it, when and
why, so ``grader gradebook overrides --all`` shows every decision ever taken and undone.

Only a graded row can be overridden (a refused or failed one has no task scores to override), on a
task of the lesson, with a score from 0 to the task's maximum and a reason: anything else is a
UsageError that says what is wrong. This module works on the gradebook's SQLite connection; the
gradebook imports it, never the other way round.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import math
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from grader.exceptions import UsageError
from grader.result.text import shown

SCHEMA = """
CREATE TABLE IF NOT EXISTS overrides (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    lesson     TEXT NOT NULL,
    student    TEXT NOT NULL,
    task       TEXT NOT NULL,
    score      REAL NOT NULL,
    reason     TEXT NOT NULL,
    set_by     TEXT NOT NULL,
    set_at     TEXT NOT NULL,         -- UTC, ISO 8601
    cleared_by TEXT,                  -- NULL while it holds
    cleared_at TEXT,
    cleared_why TEXT
);
CREATE INDEX IF NOT EXISTS overrides_by_student ON overrides (lesson, student, task);
"""
REASON_LIMIT = 500


class Gradebook(Protocol):
    """What overriding needs of a gradebook (``grader.batch.gradebook.Gradebook`` is one; it imports this
    module, so this one names what it uses instead of importing it)."""

    path: Path

    @property
    def db(self) -> sqlite3.Connection: ...

    def rows(self, lesson: str, students: set[str] | None = None) -> list: ...

    def tasks(self, lesson: str) -> list[tuple[str, str, float]]: ...


@dataclass(frozen=True)
class Override:
    """One override as a row carries it: the score it sets, the computed one it replaces, who, when, why."""

    task: str
    score: float
    computed: float | None  # the grader's score for the task now (None: the row has no score for it)
    reason: str
    by: str
    at: str
    cleared_by: str | None = None
    cleared_at: str | None = None
    cleared_why: str | None = None

    @property
    def said(self) -> str:
        """One line: what it sets, instead of what, by whom, when, why (for the CSV and the pages)."""
        was = f" (computed {round(self.computed, 2):g})" if self.computed is not None else ""  # as the CSV rounds
        return f"{self.task} = {round(self.score, 2):g}{was} by {self.by} on {self.at[:10]}: {self.reason}"


def prepare(db: sqlite3.Connection) -> None:
    """Create the table when it is missing (at every open: it needs no schema version); else write nothing."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'overrides'").fetchone():
        with db:
            db.executescript(SCHEMA)


def active(db: sqlite3.Connection, lesson: str) -> dict[str, list[Override]]:
    """Student -> the overrides holding for them in ``lesson``, in task order of setting."""
    found: dict[str, list[Override]] = {}
    for student, task, score, reason, by, at in db.execute(
            "SELECT student, task, score, reason, set_by, set_at FROM overrides WHERE lesson = ? AND cleared_at IS NULL"
            " ORDER BY id", (lesson,)):
        found.setdefault(student, []).append(Override(task, score, None, reason, by, at))
    return found


def apply(db: sqlite3.Connection, lesson: str, rows: list) -> list:
    """``rows`` (gradebook Rows) with the active overrides applied: each overridden task's score, the total
    moved by the difference, ``overrides`` listing them with the computed score, and ``graded_at`` the later of
    the grade and the override (an override is a change ``--changed-since`` exports). Refused and failed rows
    are left as they are: they have no task scores."""
    held = active(db, lesson)
    if not held:
        return rows
    result = []
    for row in rows:
        mine = held.get(row.student)
        if not mine or row.status != "graded":
            result.append(row)
            continue
        tasks, total, flagged, latest = dict(row.tasks), row.score or 0.0, [], row.graded_at
        for item in mine:
            computed = row.tasks.get(item.task)
            total += item.score - (computed or 0.0)
            tasks[item.task] = item.score
            flagged.append(dataclasses.replace(item, computed=computed))
            latest = max(latest, item.at)
        kept = getattr(row, "kept", None)  # a late penalty is taken from the score a person set, too
        if kept is not None and kept.penalty is not None:
            kept = dataclasses.replace(kept, final_score=round(max(0.0, total - kept.penalty), 6))
        result.append(dataclasses.replace(row, tasks=tasks, score=round(total, 6), overrides=tuple(flagged),
                                          graded_at=latest, kept=kept))
    return result


def who(by: str | None) -> str:
    """Who decides: ``--by``, else the login ($USER), else "unknown"."""
    name = (by if by is not None else os.environ.get("USER") or os.environ.get("USERNAME") or "unknown").strip()
    if not name:
        raise UsageError("--by: empty; name who decides the override")
    return shown(name, lines=False, limit=100)


def set_override(book: Gradebook, lesson: str, student: str, task: str, score: float, reason: str,
                 by: str | None = None) -> Override:
    """Record an override after checking it; one that held on the task is cleared as replaced, in the same
    transaction. UsageError naming the gradebook and what is wrong."""
    reason = _reason(reason)
    row, top = _target(book, lesson, student, task)
    if not math.isfinite(score) or not 0 <= score <= top:
        raise UsageError(f"{book.path}: score {score:g} for task '{task}' is outside 0..{top:g} (its maximum)")
    decided, at = who(by), _now()
    with book.db:
        _clear(book.db, lesson, student, task, decided, at, "replaced by a new override")
        book.db.execute("INSERT INTO overrides (lesson, student, task, score, reason, set_by, set_at) VALUES "
                        "(?, ?, ?, ?, ?, ?, ?)", (lesson, student, task, float(score), reason, decided, at))
    return Override(task, float(score), row.tasks.get(task), reason, decided, at)


def clear_override(book: Gradebook, lesson: str, student: str, task: str, reason: str, by: str | None = None) -> int:
    """Clear the override holding on ``student``'s ``task`` (kept in the trail, stamped); UsageError if none."""
    reason = _reason(reason)
    with book.db:
        cleared = _clear(book.db, lesson, student, task, who(by), _now(), reason)
    if not cleared:
        raise UsageError(f"{book.path}: no override holds on task '{task}' of '{student}' in lesson {lesson} "
                         "(grader gradebook overrides lists them)")
    return cleared


def trail(book: Gradebook, lesson: str, every: bool = False) -> list[tuple[str, Override]]:
    """(student, override) of ``lesson``, oldest first: the active ones, or ``every`` one ever set."""
    query = ("SELECT student, task, score, reason, set_by, set_at, cleared_by, cleared_at, cleared_why FROM overrides "
             "WHERE lesson = ?" + ("" if every else " AND cleared_at IS NULL") + " ORDER BY id")
    computed = {row.student: row for row in book.rows(lesson)}
    found = []
    for student, task, score, reason, by, at, *cleared in book.db.execute(query, (lesson,)):
        row = computed.get(student)
        now = next((o.computed for o in getattr(row, "overrides", ()) if o.task == task),
                   row.tasks.get(task) if row is not None else None)
        found.append((student, Override(task, score, now, reason, by, at, *cleared)))
    return found


def _clear(db: sqlite3.Connection, lesson: str, student: str, task: str, by: str, at: str, why: str) -> int:
    return db.execute("UPDATE overrides SET cleared_by = ?, cleared_at = ?, cleared_why = ? WHERE lesson = ? AND "
                      "student = ? AND task = ? AND cleared_at IS NULL", (by, at, why, lesson, student, task)).rowcount


def _reason(reason: str | None) -> str:
    text = shown(reason or "", lines=False, limit=REASON_LIMIT).strip()
    if not text:
        raise UsageError("--reason: empty; say why (it is kept with the override, for the student and the audit)")
    return text


def _target(book: Gradebook, lesson: str, student: str, task: str):
    """The student's graded row and the task's maximum; UsageError naming an unknown student or task."""
    rows = {row.student: row for row in book.rows(lesson)}
    row = rows.get(student)
    if row is None:
        near = sorted(s for s in rows if s.lower().startswith(student[:3].lower()))[:5]
        hint = f" (similar: {', '.join(near)})" if near else f" ({len(rows)} students in it)"
        raise UsageError(f"{book.path}: no student '{shown(student, lines=False)}' in lesson {lesson}{hint}")
    if row.status != "graded":
        state = "refused" if row.status == "rejected" else "failed"
        raise UsageError(f"{book.path}: '{student}' has no grade to override in lesson {lesson} (their entry is "
                         f"{state}: {shown(row.reason, lines=False, limit=200)})")
    tops = {t[0]: t[2] for t in book.tasks(lesson)}
    if task not in tops:
        raise UsageError(f"{book.path}: no task '{shown(task, lines=False)}' in lesson {lesson} (its tasks: "
                         f"{', '.join(tops) or 'none'})")
    return row, tops[task]


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
