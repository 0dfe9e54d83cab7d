"""Every graded version of a student's work, kept: the gradebook's ``history`` table.

Why a table of its own: a row of ``submissions`` is the student's grade *now*, replaced by each
regrade (so a resumed batch never duplicates anyone). What it replaced was lost, and with it the
answer to "why did my grade change?". Here each grade (or final refusal) the gradebook records is
appended, never updated nor deleted, in the same transaction as the row it accompanies: a batch
killed at any instant leaves a row and its history entry both, or neither.

An entry holds what was graded (content hash), by which suite (suite version), the total, the
per-task scores and the diagnosis codes (JSON), and why it was graded: ``first`` (no grade before),
``changed`` (the submission changed), ``regrade`` (the same submission graded again: a changed suite
or ``--regrade``), or ``before`` for the rows a gradebook already held when it first gained this
table (they stand as each student's first entry). ``run`` names the regrade an entry belongs to
(``grader.batch.regrade``): what lets a killed ``--regrade`` resume on the next plain run.

A failure of the grader (``error``) is not a grade and writes no entry. This module only works on
an open SQLite connection (``Gradebook.db``): the gradebook calls it, it never imports the gradebook.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS history (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order entries were written in
    lesson        TEXT NOT NULL,
    student       TEXT NOT NULL,
    graded_at     TEXT NOT NULL,      -- UTC, ISO 8601
    suite_version TEXT NOT NULL,
    content_hash  TEXT NOT NULL,
    status        TEXT NOT NULL,      -- graded or rejected (a grader's failure is no grade: no entry)
    score         REAL,
    max_score     REAL,
    tasks         TEXT NOT NULL,      -- JSON: {task id: score}
    diagnoses     TEXT NOT NULL,      -- JSON: {task id: [diagnosis code, ...]}
    why           TEXT NOT NULL,      -- first, changed, regrade, before (held when history began)
    run           TEXT NOT NULL DEFAULT ''  -- the regrade it was part of (grader.batch.regrade), '' for none
);
CREATE INDEX IF NOT EXISTS history_by_student ON history (lesson, student, id);
CREATE INDEX IF NOT EXISTS history_by_run ON history (lesson, run);
"""
WHY = ("first", "changed", "regrade", "before")
RUN_KEY = "regrade:"  # settings key prefix: the regrade under way for a lesson (grader.batch.regrade)


@dataclass(frozen=True)
class Entry:
    """One graded version of a student's work."""

    student: str
    graded_at: str
    suite_version: str
    content_hash: str
    status: str
    score: float | None
    max_score: float | None
    tasks: dict[str, float]
    diagnoses: dict[str, list[str]]
    why: str
    run: str


def prepare(db: sqlite3.Connection) -> None:
    """Create the table when it is missing; a gradebook that had none gets its current grades as first entries.

    Called at every open: ``CREATE TABLE IF NOT EXISTS`` needs no schema version, so a gradebook of any
    version (and one another branch has moved on) gains the table as it is opened."""
    existed = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'history'").fetchone()
    if existed:
        return
    with db:
        db.executescript(SCHEMA)
        scores: dict[tuple[str, str], dict[str, float]] = {}
        for lesson, student, task, score in db.execute(
                "SELECT lesson, student, task, score FROM task_scores ORDER BY lesson, student, position"):
            scores.setdefault((lesson, student), {})[task] = score
        held = db.execute("SELECT lesson, student, graded_at, suite_version, content_hash, status, score, max_score, "
                          "report FROM submissions WHERE status != 'error' ORDER BY lesson, student").fetchall()
        for lesson, student, graded_at, version, content_hash, status, score, max_score, report in held:
            try:
                codes = diagnoses(json.loads(report)) if report else {}
            except ValueError:
                codes = {}
            db.execute("INSERT INTO history (lesson, student, graded_at, suite_version, content_hash, status, score, "
                       "max_score, tasks, diagnoses, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'before')",
                       (lesson, student, graded_at, version, content_hash, status, score, max_score,
                        json.dumps(scores.get((lesson, student), {})), json.dumps(codes)))


def keep(db: sqlite3.Connection, values: dict, report: dict | None) -> None:
    """Append the entry of a row just written (``values``: the columns ``Gradebook.record`` wrote), inside the
    caller's transaction. Why it was graded is read from the student's last entry; the run from the
    regrade under way, if any."""
    if values["status"] == "error":
        return
    lesson, student = values["lesson"], values["student"]
    last = db.execute("SELECT content_hash FROM history WHERE lesson = ? AND student = ? ORDER BY id DESC LIMIT 1",
                      (lesson, student)).fetchone()
    why = "first" if last is None else "changed" if last[0] != values["content_hash"] else "regrade"
    run = db.execute("SELECT value FROM settings WHERE key = ?", (RUN_KEY + lesson,)).fetchone()
    tasks = {t["id"]: t["score"] for t in report["tasks"]} if report else {}
    db.execute("INSERT INTO history (lesson, student, graded_at, suite_version, content_hash, status, score, max_score,"
               " tasks, diagnoses, why, run) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (lesson, student, now(), values["suite_version"], values["content_hash"], values["status"],
                values["score"], values["max_score"], json.dumps(tasks), json.dumps(diagnoses(report)), why,
                json.loads(run[0]).get("run", "") if run else ""))


def entries(db: sqlite3.Connection, lesson: str, student: str | None = None) -> list[Entry]:
    """Every entry of ``lesson`` (or of one ``student``), oldest first."""
    query = ("SELECT student, graded_at, suite_version, content_hash, status, score, max_score, tasks, diagnoses, "
             "why, run FROM history WHERE lesson = ?" + (" AND student = ?" if student is not None else "")
             + " ORDER BY id")
    found = []
    for row in db.execute(query, (lesson,) if student is None else (lesson, student)):
        found.append(Entry(*row[:7], json.loads(row[7]), json.loads(row[8]), *row[9:]))
    return found


def done_in(db: sqlite3.Connection, lesson: str, run: str) -> set[str]:
    """The students with an entry of regrade ``run``: what a resumed regrade need not grade again."""
    return {r[0] for r in db.execute("SELECT DISTINCT student FROM history WHERE lesson = ? AND run = ?",
                                     (lesson, run))}


def diagnoses(report: dict | None) -> dict[str, list[str]]:
    """Task id -> the diagnosis codes a report holds for it (each once, in report order)."""
    found: dict[str, list[str]] = {}
    for task in (report or {}).get("tasks") or []:
        if not isinstance(task, dict) or not isinstance(task.get("id"), str):
            continue
        codes = found.setdefault(task["id"], [])
        for item in task.get("diagnoses") or []:
            code = item.get("code") if isinstance(item, dict) else None
            if isinstance(code, str) and code and code not in codes:
                codes.append(code)
    return {task: codes for task, codes in found.items() if codes}


def now() -> str:
    """UTC to the microsecond: two entries of one second still say which came first (``id`` decides)."""
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="microseconds")
