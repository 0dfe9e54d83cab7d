"""The gradebook: every submission's grade, kept in one SQLite file that survives anything.

Why SQLite (the standard library's ``sqlite3``) in WAL mode: each result is committed in a
transaction of its own with ``synchronous=FULL``, so a batch killed at any instant (SIGKILL,
a power cut) keeps every grade committed before it, never half a row, and the next run
reads exactly what is there. One row per (lesson, student): regrading replaces the row, so
a resumed batch cannot duplicate anyone. The batch coordinator is the only writer.

What a row holds: the content hash of what was graded and the suite version that graded
it (a rerun skips the row when both still match), the status (``graded``, ``rejected`` with
the reason the submission could not be read, or ``error`` when the grader itself failed),
the total, the full instructor report, the student's JSON report, and timings. Per-task
scores and feedback are rows of ``task_scores`` so they can be queried and exported.

A failure of the grader never overwrites a grade: an ``error`` outcome replaces only an
earlier ``error``. Nothing already graded is lost to a crash on a later run.

The class roster of the last ``grader batch --roster`` (``grader.batch.roster``) is kept too
(tables ``roster`` and ``settings``): a later export or class report then knows who is enrolled
and missing without the file being passed again, and the gradebook stays the one file that says
what was graded against whom.

The CSV export is read by spreadsheets, which run a cell that starts with ``=``, ``+``,
``-`` or ``@`` (after blanks, for some) and split cells on ``,`` or, in many locales, ``;``.
Student names and notes come from the class folder, so each passes ``shown`` (one inert
line), a cell that would start a formula gets a leading ``'``, and any cell holding a
separator, a quote or a line break is quoted, whichever separator the reader assumes.
The LMS's formats (``grader.batch.exports``: Canvas, Moodle) write their cells with the same
``text_cell`` and ``csv_cell``.
"""

from __future__ import annotations

import datetime as _dt
import decimal
import json
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from grader import atomic
from grader.batch import history as _history
from grader.batch import lateness
from grader.batch import overrides as _overrides
from grader.batch.jobs import Outcome
from grader.batch.roster import Roster, Student
from grader.exceptions import UsageError
from grader.result.text import shown

APPLICATION_ID = 0x47524442  # "GRDB": marks an SQLite file as a gradebook
SCHEMA_VERSION = 4  # 2: each row's student id and variant; 3: the roster; 4: lateness (grader.batch.lateness)
DEFAULT_NAME = "gradebook.sqlite"
# the CSV's words for a row's status, as docs/class.md names them: a refusal is the submission's
# (final until it changes), a failure the grader's (retried on the next run)
CSV_STATUS = {"graded": "graded", "rejected": "refused", "error": "failed"}
CSV_DECIMALS = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS lessons (
    lesson        TEXT PRIMARY KEY,
    title         TEXT NOT NULL,
    suite_version TEXT NOT NULL,
    tasks         TEXT NOT NULL,      -- JSON: [[task id, title, max score], ...] in report order
    max_score     REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS submissions (
    lesson        TEXT NOT NULL,
    student       TEXT NOT NULL,
    source        TEXT NOT NULL,      -- the entry in the submissions folder
    content_hash  TEXT NOT NULL,
    suite_version TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('graded', 'rejected', 'error')),
    score         REAL,
    max_score     REAL,
    reason        TEXT NOT NULL,
    report        TEXT,               -- JSON: Report.to_dict(), for the instructor
    student_report TEXT,              -- JSON: what the student may read
    grade_seconds REAL,               -- the engine's own time for it
    wall_seconds  REAL,               -- the worker's time for it, start to finish
    attempts      INTEGER NOT NULL,
    worker        TEXT NOT NULL,
    graded_at     TEXT NOT NULL,      -- UTC, ISO 8601
    identity      TEXT NOT NULL DEFAULT '',  -- the student's id whose numbers graded it (grader.batch.identity)
    variant       TEXT,               -- JSON: {"parameters", "answers"} it was graded with; NULL: the lesson's own
    """ + lateness.DDL + """
    PRIMARY KEY (lesson, student)
);
CREATE TABLE IF NOT EXISTS task_scores (
    lesson    TEXT NOT NULL,
    student   TEXT NOT NULL,
    task      TEXT NOT NULL,
    position  INTEGER NOT NULL,
    score     REAL NOT NULL,
    max_score REAL NOT NULL,
    status    TEXT NOT NULL,
    feedback  TEXT NOT NULL,
    PRIMARY KEY (lesson, student, task),
    FOREIGN KEY (lesson, student) REFERENCES submissions (lesson, student) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS roster (   -- the class list of the last --roster (grader.batch.roster), one row a student
    id        TEXT PRIMARY KEY,       -- normalised (grader.lesson.variants.normalise_id)
    position  INTEGER NOT NULL,       -- the file's order
    student   TEXT NOT NULL           -- JSON: roster.Student.to_dict() (name, email, section, LMS ids, other columns)
);
CREATE TABLE IF NOT EXISTS settings (
    key       TEXT PRIMARY KEY,
    value     TEXT NOT NULL           -- JSON; "roster": {"source", "columns", "read_at"}
);
"""


@dataclass(frozen=True)
class Known:
    """What the gradebook says about a student already: enough to decide whether to regrade."""

    content_hash: str
    suite_version: str
    status: str
    reason: str
    identity: str = ""  # whose numbers graded it; "" in a row of before variants


@dataclass(frozen=True)
class Row(lateness.LateRow):
    student: str
    status: str
    score: float | None
    max_score: float | None
    reason: str
    tasks: dict[str, float]  # task id -> score (graded rows only)
    identity: str = ""  # the student's id as the entry's layout gave it (grader.batch.identity)
    graded_at: str = ""  # UTC, ISO 8601: when this row was last written
    source: str = ""  # the entry in the submissions folder
    kept: lateness.Kept | None = None  # under a late policy: when, how late, the penalty, the final score
    overrides: tuple = ()  # overrides.Override of each task a person's score decides (scores above are final)


class Gradebook:
    """An open gradebook file; use as a context manager. ``create=False`` refuses a missing file."""

    def __init__(self, path: Path, create: bool = True):
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise UsageError(f"{self.path}: no gradebook there (run 'grader batch' first, or pass --gradebook)")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60)
        except (OSError, sqlite3.Error) as exc:
            raise UsageError(f"{self.path}: cannot open the gradebook ({exc})") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise UsageError(f"{self.path}: not a gradebook ({exc})") from None
        except BaseException:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        has_tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
        if app_id != APPLICATION_ID and (app_id or has_tables):
            raise UsageError(f"{self.path}: an SQLite file, but not a gradebook; pass another --gradebook")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise UsageError(f"{self.path}: written by a newer grader (schema {version}); upgrade the grader")
        db.execute("PRAGMA journal_mode=WAL")  # readers never block the writer; a crash loses no commit
        db.execute("PRAGMA synchronous=FULL")  # a commit survives a power cut, not only a killed process
        db.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            with db:
                if version == 1:  # a gradebook of before variants: its rows were graded with the lesson's numbers
                    db.execute("ALTER TABLE submissions ADD COLUMN identity TEXT NOT NULL DEFAULT ''")
                    db.execute("ALTER TABLE submissions ADD COLUMN variant TEXT")
                if version:  # 4: each row's lateness, NULL in every row graded before
                    lateness.migrate(db)
                db.executescript(_SCHEMA)
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        _history.prepare(db)  # tables of no schema version: any gradebook gains them as it is opened
        _overrides.prepare(db)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Gradebook:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- writing (the batch coordinator only) ------------------------------------------------

    def set_lesson(self, lesson_id: str, title: str, suite_version: str, tasks: list[tuple[str, str, float]]) -> None:
        """Record the lesson's task list, so an export has its columns even before any grade."""
        with self._db:
            self._db.execute(
                "INSERT INTO lessons VALUES (?, ?, ?, ?, ?) ON CONFLICT (lesson) DO UPDATE SET title=excluded.title,"
                " suite_version=excluded.suite_version, tasks=excluded.tasks, max_score=excluded.max_score",
                (lesson_id, title, suite_version, json.dumps(tasks), round(sum(t[2] for t in tasks), 6)))

    def record(self, lesson: str, suite_version: str, source: str, content_hash: str, outcome: Outcome,
               identity: str = "", late: lateness.Mark | None = None) -> bool:
        """Write one outcome in one transaction; False when an error was not allowed to replace a grade.
        ``identity``: the student's id whose numbers graded it; the variant is the report's own. ``late``: its
        lateness under the lesson's policy (None: none), kept beside the raw score (``grader.batch.lateness``).

        Its text passes ``shown()`` once more (idempotent on text that already did): SQLite stores
        UTF-8, and a lone surrogate in a reason would otherwise stop the batch at this insert."""
        report = outcome.report
        values = {
            "lesson": lesson, "student": shown(outcome.student, lines=False), "source": shown(source, lines=False),
            "content_hash": content_hash, "suite_version": suite_version, "status": outcome.status,
            "score": report["score"] if report else (0.0 if outcome.status == "rejected" else None),
            "max_score": report["max_score"] if report else None, "reason": shown(outcome.reason),
            "report": json.dumps(report) if report else None, "student_report": outcome.student_report,
            "grade_seconds": report.get("execution_time") if report else None,
            "wall_seconds": round(outcome.seconds, 4), "attempts": outcome.attempts, "worker": outcome.worker,
            "graded_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "identity": shown(identity, lines=False), "variant": _variant(report),
        }
        values.update(lateness.columns(late, values["score"], values["max_score"]))
        names = ", ".join(values)
        updates = ", ".join(f"{k}=excluded.{k}" for k in values if k not in ("lesson", "student"))
        with self._db:
            cursor = self._db.execute(
                f"INSERT INTO submissions ({names}) VALUES ({', '.join(':' + k for k in values)}) "
                f"ON CONFLICT (lesson, student) DO UPDATE SET {updates} "
                "WHERE excluded.status != 'error' OR submissions.status = 'error'", values)
            if cursor.rowcount == 0:
                return False
            student = values["student"]
            self._db.execute("DELETE FROM task_scores WHERE lesson = ? AND student = ?", (lesson, student))
            for position, task in enumerate(report["tasks"] if report else []):
                self._db.execute("INSERT INTO task_scores VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                 (lesson, student, task["id"], position, task["score"], task["max_score"],
                                  task["status"], shown(task.get("feedback", ""))))
            _history.keep(self._db, values, report)  # every graded version kept, in the row's own transaction
        return True

    # -- reading ----------------------------------------------------------------------------

    def lessons(self) -> list[str]:
        found = self._db.execute("SELECT lesson FROM lessons UNION SELECT lesson FROM submissions ORDER BY 1")
        return [r[0] for r in found]

    def tasks(self, lesson: str) -> list[tuple[str, str, float]]:
        """(task id, title, max score) in report order, as the last batch of this lesson saw them."""
        row = self._db.execute("SELECT tasks FROM lessons WHERE lesson = ?", (lesson,)).fetchone()
        return [tuple(t) for t in json.loads(row[0])] if row else []

    def lesson_title(self, lesson: str) -> str:
        row = self._db.execute("SELECT title FROM lessons WHERE lesson = ?", (lesson,)).fetchone()
        return row[0] if row else ""

    def known(self, lesson: str) -> dict[str, Known]:
        found = self._db.execute("SELECT student, content_hash, suite_version, status, reason, identity "
                                 "FROM submissions WHERE lesson = ?", (lesson,))
        return {r[0]: Known(*r[1:]) for r in found}

    def student_report(self, lesson: str, student: str) -> str | None:
        row = self._db.execute("SELECT student_report FROM submissions WHERE lesson = ? AND student = ?",
                               (lesson, student)).fetchone()
        return row[0] if row else None

    def reports(self, lesson: str, students: set[str] | None = None):
        """(student, instructor report as a dict) of every graded row of ``lesson`` (or of ``students``),
        one at a time: what a class view counts misconceptions in. A report that is not JSON is left out."""
        for student, text in self._db.execute("SELECT student, report FROM submissions WHERE lesson = ? AND "
                                              "status = 'graded' AND report IS NOT NULL ORDER BY student", (lesson,)):
            if students is not None and student not in students:
                continue
            try:
                yield student, json.loads(text)
            except ValueError:
                continue

    def rows(self, lesson: str, students: set[str] | None = None) -> list[Row]:
        """Every student's row for ``lesson`` (or only ``students``), sorted by student id."""
        scores: dict[str, dict[str, float]] = {}
        for student, task, score in self._db.execute(
                "SELECT student, task, score FROM task_scores WHERE lesson = ? ORDER BY student, position", (lesson,)):
            scores.setdefault(student, {})[task] = score
        rows = []
        for student, status, score, max_score, reason, identity, graded_at, source, *late in self._db.execute(
                "SELECT student, status, score, max_score, reason, identity, graded_at, source, "
                f"{', '.join(lateness.COLUMNS)} FROM submissions WHERE lesson = ? ORDER BY student", (lesson,)):
            if students is None or student in students:
                rows.append(Row(student, status, score, max_score, reason, scores.get(student, {}), identity,
                                graded_at, source, lateness.kept(late)))
        return _overrides.apply(self._db, lesson, rows)  # a person's decision outlives regrades

    @property
    def db(self) -> sqlite3.Connection:
        """The connection, for the gradebook's own tables kept by other modules (history, overrides, regrade)."""
        return self._db

    def set_late(self, lesson: str, marks: dict[str, lateness.Mark | None]) -> None:
        """Each student's lateness rewritten under today's policy and extensions (``lateness.rewrite``)."""
        lateness.rewrite(self._db, lesson, marks)

    # -- the roster (grader.batch.roster): kept so that a later export or class report knows who is missing

    def store_roster(self, roster: Roster) -> None:
        """Keep ``roster`` as the class list, replacing the one kept before, in one transaction."""
        with self._db:
            self._db.execute("DELETE FROM roster")
            self._db.executemany("INSERT INTO roster VALUES (?, ?, ?)",
                                 [(s.id, position, json.dumps(s.to_dict(), ensure_ascii=False))
                                  for position, s in enumerate(roster.students.values())])
            self._db.execute("INSERT OR REPLACE INTO settings VALUES ('roster', ?)", (json.dumps(
                {"source": roster.source, "columns": list(roster.columns),
                 "read_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")}),))

    def roster(self) -> Roster | None:
        """The class list the last ``--roster`` gave, None when none was ever given."""
        row = self._db.execute("SELECT value FROM settings WHERE key = 'roster'").fetchone()
        if row is None:
            return None
        meta = json.loads(row[0])
        students = [Student.from_dict(json.loads(text))
                    for (text,) in self._db.execute("SELECT student FROM roster ORDER BY position")]
        return Roster(meta.get("source", ""), {s.id: s for s in students}, tuple(meta.get("columns", ())))

    def variants(self, lesson: str, students: set[str] | None = None) -> dict[str, tuple[str, dict | None]]:
        """Student -> (their id, the variant their grade was graded with: {"parameters", "answers"}, None
        for the lesson's own numbers), for every graded row of ``lesson`` (or of ``students``)."""
        found = {}
        for student, identity, variant in self._db.execute(
                "SELECT student, identity, variant FROM submissions WHERE lesson = ? AND status = 'graded' "
                "ORDER BY student", (lesson,)):
            if students is None or student in students:
                try:
                    found[student] = (identity, json.loads(variant) if variant else None)
                except ValueError:
                    found[student] = (identity, None)
        return found

    def count(self, lesson: str) -> int:
        return self._db.execute("SELECT count(*) FROM submissions WHERE lesson = ?", (lesson,)).fetchone()[0]

    # -- export -----------------------------------------------------------------------------

    def pick_lesson(self, lesson: str | None) -> str:
        """The lesson to export: ``lesson`` if the gradebook has it, else its only one."""
        known = self.lessons()
        if lesson is not None:
            if lesson not in known:
                raise UsageError(f"{self.path}: no grades for lesson '{lesson}' "
                                 f"(it has: {', '.join(known) or 'none'})")
            return lesson
        if len(known) != 1:
            raise UsageError(f"{self.path}: holds {'no lessons' if not known else 'lessons ' + ', '.join(known)}; "
                             "pass --lesson")
        return known[0]

    def export_csv(self, target: Path, lesson: str | None = None) -> int:
        """Write one row per student (a column per task, total, max, status, note); return the row count.

        Written to a temporary file and renamed, so a spreadsheet never reads half an export.
        A refused submission scores 0; a failed one leaves the scores blank (it is not a grade).
        Statuses are docs/class.md's words (``CSV_STATUS``); scores are rounded to 2 decimals.
        """
        lesson = self.pick_lesson(lesson)
        tasks = self.tasks(lesson)
        task_ids = [t[0] for t in tasks]
        for row in self.rows(lesson):  # tasks a grade has but the lesson record lacks (an older suite)
            task_ids += [t for t in row.tasks if t not in task_ids]
        max_total = number(sum(t[2] for t in tasks)) if tasks else ""
        lines = [["student", *task_ids, "total", "max", "status", "note"]]
        rows = self.rows(lesson)
        for row in rows:
            if row.status == "graded":
                cells = [number(row.tasks[t]) if t in row.tasks else "" for t in task_ids]
                total, top = number(row.score), number(row.max_score)
            else:
                cells = ["0" if row.status == "rejected" else "" for _ in task_ids]
                total, top = ("0" if row.status == "rejected" else ""), max_total
            lines.append([text_cell(row.student), *cells, total, top, CSV_STATUS.get(row.status, row.status),
                          text_cell(_first_line(row.reason))])
        text = "".join(",".join(csv_cell(cell) for cell in line) + "\r\n" for line in lines)
        atomic.write(Path(target), text, newline="")
        return len(rows)


def _variant(report: dict | None) -> str | None:
    """The variant a report was graded with, as the gradebook keeps it (JSON: its parameters and expected
    answers); None for a grade with the lesson's own numbers, or no grade."""
    variant = report.get("variant") if isinstance(report, dict) else None
    if not isinstance(variant, dict):
        return None
    kept = {key: variant[key] for key in ("parameters", "answers") if isinstance(variant.get(key), dict)}
    return json.dumps(kept, sort_keys=True) if kept else None


def number(value: float | None) -> str:
    """A score as an LMS reads it: 17, 2.67 (2 decimals at most, no trailing zeros), halves rounded up
    as people round grades (9.125 is 9.13, not float formatting's 9.12). The gradebook keeps the
    report's full precision; a gradebook of thirds would otherwise export 15.666667."""
    if value is None:
        return ""
    rounded = decimal.Decimal(repr(float(value))).quantize(decimal.Decimal(1).scaleb(-CSV_DECIMALS),
                                                             rounding=decimal.ROUND_HALF_UP)
    text = f"{rounded:f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# where a spreadsheet may start reading a cell (the start, or after a , or ; it splits on), then
# blanks or quotes, then what makes it a formula: a ' goes right after that start
_FORMULA_START = re.compile(r"(^|[,;])(?=[\s\"]*[=+\-@\t\r])")
_QUOTED = (",", ";", '"', "\n", "\r")  # what makes a cell need quotes, for a , or a ; reader


def text_cell(value: str) -> str:
    """A text cell a spreadsheet will not run: names and reasons come from students' file names.

    One inert line first; then a ``'`` before a formula, even one after blanks (`` =2+3``), and
    after every , or ; in the cell, the student's name included: a reader that splits on the
    other separator, or one that does not honour quotes, starts a cell there."""
    return _FORMULA_START.sub(r"\1'", shown(value, lines=False, limit=1000))


def _first_line(reason: str) -> str:
    return reason.split("\n", 1)[0] if reason else ""


def csv_cell(value: str) -> str:
    """One CSV cell, RFC 4180 style, quoted when it holds a separator either reader splits on."""
    if any(char in value for char in _QUOTED):
        return '"' + value.replace('"', '""') + '"'
    return value
