"""A student's entry under a new name: their row follows it, never a second row of one student.

The gradebook keys its rows on the entry's name (docs/class.md), and a student's id comes from that name
by one normalisation (``grader.batch.identity``). So the same student can come back under another key:
``zz.py`` handed in again as ``ZZ.py``, a Canvas student whose display name changed (same user id), a
Gradescope export's new ``submission_<n>/`` (same e-mail). Keyed on the name alone, the new entry got a
row of its own beside the old one, and the class's export counted the student twice (issue 25, 5a).

Before a batch plans its grades, each entry the gradebook does not know whose id is that of exactly one
row whose entry this run does not hold (and of no other entry of this run) takes that row over: its grade,
history, overrides and lateness move to the new key in one transaction, and the entry is then compared
with the row as any entry is (graded again when its content differs, skipped when it is the same). Two
candidates either way, or an id the name does not give, move nothing: a guess could merge two students.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Mapping
from typing import Protocol

from grader.lesson.variants import folded_id

# every table holding a (lesson, student) row of the gradebook; task_scores references submissions
_TABLES = ("task_scores", "history", "overrides")


class _Identified(Protocol):  # a gradebook row (gradebook.Known) or a folder's entry (entries.Entry)
    identity: str


def renames(known: Mapping[str, _Identified], found: Mapping[str, _Identified]) -> dict[str, str]:
    """New key -> old key: the rows that follow their student to a new entry name (the module docstring)."""
    ids = Counter(folded_id(entry.identity) for entry in found.values() if entry.identity)
    gone: dict[str, list[str]] = {}  # id -> rows whose entry this run does not hold
    for student, row in known.items():
        if student not in found and row.identity:
            gone.setdefault(folded_id(row.identity), []).append(student)
    moves = {}
    for student, entry in found.items():
        if student in known or not entry.identity:
            continue
        key = folded_id(entry.identity)
        if ids[key] == 1 and len(gone.get(key, ())) == 1:
            moves[student] = gone[key][0]
    return moves


def follow(db: sqlite3.Connection, lesson: str, known: Mapping[str, _Identified],
           found: Mapping[str, _Identified]) -> int:
    """Move each row that follows its student (``renames``); how many moved. A move the gradebook refuses
    (locked, read-only) is left undone: the entry is then graded under its own name, as before."""
    moved = 0
    for new, old in renames(known, found).items():
        try:
            move(db, lesson, old, new)
        except sqlite3.Error:
            continue
        moved += 1
    return moved


def move(db: sqlite3.Connection, lesson: str, old: str, new: str) -> None:
    """The row of ``old`` (and everything kept under its name) under ``new``, in one transaction."""
    with db:
        db.execute("PRAGMA defer_foreign_keys=ON")  # task_scores points at the row being renamed
        db.execute("UPDATE submissions SET student = ? WHERE lesson = ? AND student = ?", (new, lesson, old))
        for table in _TABLES:
            db.execute(f"UPDATE {table} SET student = ? WHERE lesson = ? AND student = ?",  # the table names are ours
                       (new, lesson, old))
