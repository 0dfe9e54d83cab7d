"""Regrades that can be seen before they happen and that finish after a kill.

**Resume.** A batch skips a row whose content hash and suite version match ("unchanged"). After a
changed suite that is enough: a row of the older suite never matches, so a killed batch resumes by
itself. ``--regrade`` with the *same* suite version is different: every row it has not reached yet
still matches, and a plain rerun used to call them all unchanged, leaving half the class graded
twice and half once. So a regrade first records itself (``start``) in the gradebook's ``settings``
(key ``regrade:<lesson>``: a run id, the suite version it grades with, when it began), and each
grade it writes carries that run id in the history (``grader.batch.history``). Until the regrade
is finished (``finish``: every student of the folder graded by it, nothing failed), any batch of
that lesson regrades the students without an entry of that run (``redo``), however it was started.

**Dry run.** ``grader batch ... --dry-run`` grades into a scratch copy of the gradebook (SQLite's
backup: a consistent copy even of a gradebook in WAL mode) and compares the copy with the
original (``diff``): who changes (old and new total, the tasks whose score changes, the diagnoses
gained and lost), written as CSV (``--diff FILE``, by default ``<gradebook>.regrade-diff.csv``
beside the gradebook) and printed. Nothing of the real gradebook is written: not a row, not the
roster, not the marker of a regrade. Students whose grade does not change are counted.
"""

from __future__ import annotations

import contextlib
import io
import json
import secrets
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from grader import atomic
from grader.batch import history
from grader.batch.gradebook import CSV_STATUS, Gradebook, csv_cell, number, text_cell
from grader.exceptions import UsageError
from grader.result.text import ci_safe, shown

DIFF_SUFFIX = ".regrade-diff.csv"
EPSILON = 1e-9


class RowsSource(Protocol):
    """What a diff reads of a gradebook: its rows (with totals and task scores) and its reports."""

    def rows(self, lesson: str, students: set[str] | None = None) -> list: ...

    def reports(self, lesson: str, students: set[str] | None = None): ...


# -- resume ------------------------------------------------------------------------------------------


def start(book: Gradebook, lesson: str, version: str, regrade: bool) -> set[str] | None:
    """The students this batch must grade again whatever their row says (None: every one, for a new
    ``--regrade``; an empty set: none). A new ``--regrade`` records itself; a plain run resumes the
    regrade under way, if any: the students it has not graded yet."""
    key = history.RUN_KEY + lesson
    if regrade:
        marker = {"run": secrets.token_hex(8), "suite_version": version, "started_at": history.now()}
        with book.db:
            book.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, json.dumps(marker)))
        return None
    found = book.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    if found is None:
        return set()
    run = json.loads(found[0]).get("run", "")
    done = history.done_in(book.db, lesson, run)
    return {student for student in book.known(lesson) if student not in done}


def under_way(book: Gradebook, lesson: str) -> dict | None:
    """The regrade of ``lesson`` still to finish ({"run", "suite_version", "started_at"}), None when none is."""
    found = book.db.execute("SELECT value FROM settings WHERE key = ?", (history.RUN_KEY + lesson,)).fetchone()
    return json.loads(found[0]) if found else None


def finish(book: Gradebook, lesson: str, failed: bool) -> None:
    """The regrade is done when this batch ran to its end with no failure: forget it. A failed student keeps
    it open: the next run grades them again, whatever their row says."""
    if not failed:
        with book.db:
            book.db.execute("DELETE FROM settings WHERE key = ?", (history.RUN_KEY + lesson,))


# -- dry run -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One student whose grade a regrade changes."""

    student: str
    old_status: str
    new_status: str
    old_total: float | None
    new_total: float | None
    tasks: tuple[tuple[str, float | None, float | None], ...]  # (task, old score, new score) that differ
    gained: tuple[str, ...]  # "task:code" diagnoses the new grade has and the old lacks
    lost: tuple[str, ...]


@dataclass
class Diff:
    """What a regrade would change: the students whose grade changes, and how many keep theirs."""

    lesson: str
    changes: list[Change] = field(default_factory=list)
    unchanged: int = 0


def default_path(gradebook: Path) -> Path:
    """Where a dry run writes its diff without ``--diff``: beside the gradebook, named after it."""
    gradebook = Path(gradebook)
    return gradebook.with_name(gradebook.stem + DIFF_SUFFIX)


@contextlib.contextmanager
def scratch_copy(gradebook: Path):
    """A copy of ``gradebook`` in a private folder (removed afterwards) to grade into; a new empty one when
    there is no gradebook yet (everyone is then a change)."""
    folder = Path(tempfile.mkdtemp(prefix="grader-dry-run-"))
    copy = folder / Path(gradebook).name
    try:
        if Path(gradebook).is_file():
            with Gradebook(gradebook, create=False) as book, sqlite3.connect(copy) as target:
                book.db.backup(target)
        yield copy
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def dry_run(run, gradebook: Path, target: Path | None, out, **batch) -> Diff:
    """Grade as ``run`` (``coordinator.run_batch``, passed in: this module sits below the coordinator) would,
    with ``batch``'s arguments, into a scratch copy of ``gradebook``; write and print the diff; apply nothing."""
    if not Path(gradebook).is_file():
        raise UsageError(f"{gradebook}: no gradebook to compare with; --dry-run shows what a regrade changes in one "
                         "(a first batch changes everyone)")
    target = Path(target) if target is not None else default_path(gradebook)
    with scratch_copy(gradebook) as copy:
        result = run(gradebook=copy, out=io.StringIO(), **batch)
        with Gradebook(gradebook, create=False) as before, Gradebook(copy, create=False) as after:
            found = diff(before, after, result.lesson, result.students)
    write_csv(found, target)
    render(found, target, out)
    return found


def diff(before: RowsSource, after: RowsSource, lesson: str, students: set[str]) -> Diff:
    """Compare ``students``' grades in two gradebooks (the real one and the scratch copy graded into)."""
    old = {row.student: row for row in before.rows(lesson, students)}
    new = {row.student: row for row in after.rows(lesson, students)}
    old_codes = {s: _codes(r) for s, r in before.reports(lesson, students)}
    new_codes = {s: _codes(r) for s, r in after.reports(lesson, students)}
    found = Diff(lesson)
    for student in sorted(set(old) | set(new)):
        a, b = old.get(student), new.get(student)
        tasks_a, tasks_b = (a.tasks if a else {}), (b.tasks if b else {})
        tasks = tuple((task, tasks_a.get(task), tasks_b.get(task)) for task in _order(tasks_a, tasks_b)
                      if not _same(tasks_a.get(task), tasks_b.get(task)))
        gained = tuple(sorted(new_codes.get(student, set()) - old_codes.get(student, set())))
        lost = tuple(sorted(old_codes.get(student, set()) - new_codes.get(student, set())))
        status_a, status_b = (a.status if a else "none"), (b.status if b else "none")
        total_a, total_b = (a.score if a else None), (b.score if b else None)
        if status_a == status_b and _same(total_a, total_b) and not tasks and not gained and not lost:
            found.unchanged += 1
            continue
        found.changes.append(Change(student, status_a, status_b, total_a, total_b, tasks, gained, lost))
    return found


def write_csv(found: Diff, target: Path) -> None:
    """The diff as CSV (atomically), one row per changed student; cells pass the export's injection rules."""
    lines = [["student", "old_status", "new_status", "old_total", "new_total", "change", "tasks",
              "diagnoses_gained", "diagnoses_lost"]]
    for c in found.changes:
        delta = number((c.new_total or 0.0) - (c.old_total or 0.0)) if None not in (c.old_total, c.new_total) else ""
        lines.append([text_cell(c.student), _status(c.old_status), _status(c.new_status), number(c.old_total),
                      number(c.new_total), delta if delta.startswith("-") or not delta else "+" + delta,
                      text_cell("; ".join(f"{t} {number(a)} -> {number(b)}" for t, a, b in c.tasks)),
                      text_cell(" ".join(c.gained)), text_cell(" ".join(c.lost))])
    text = "".join(",".join(csv_cell(cell) for cell in line) + "\r\n" for line in lines)
    try:
        atomic.write(Path(target), text, newline="")
    except OSError as exc:
        raise UsageError(f"--diff {target}: cannot write the diff ({exc.strerror or exc})") from None


def render(found: Diff, target: Path, out) -> None:
    """Print who would change (one line each) and where the CSV is; the unchanged are counted."""
    print(f"dry run of lesson {found.lesson}: {len(found.changes)} students' grades would change, "
          f"{found.unchanged} unchanged; nothing was applied", file=out)
    for c in found.changes:
        parts = [f"{_status(c.old_status)} {number(c.old_total) or '-'} -> {_status(c.new_status)} "
                 f"{number(c.new_total) or '-'}" if c.old_status != c.new_status else
                 f"{number(c.old_total) or '-'} -> {number(c.new_total) or '-'}"]
        if c.tasks:
            parts.append(", ".join(f"{t} {number(a) or '-'} -> {number(b) or '-'}" for t, a, b in c.tasks))
        if c.gained:
            parts.append("gains " + " ".join(c.gained))
        if c.lost:
            parts.append("loses " + " ".join(c.lost))
        print(ci_safe(shown(f"  {c.student}: " + "; ".join(parts), lines=False, limit=2000)), file=out)
    print(f"the diff: {target}", file=out)


def _codes(report: dict) -> set[str]:
    return {f"{task}:{code}" for task, codes in history.diagnoses(report).items() for code in codes}


def _order(a: dict, b: dict) -> list[str]:
    return list(a) + [task for task in b if task not in a]


def _same(a: float | None, b: float | None) -> bool:
    return (a is None) == (b is None) and (a is None or abs(a - b) < EPSILON)


def _status(status: str) -> str:
    return CSV_STATUS.get(status, status)
