"""grader.batch.lateness: a row's lateness kept beside its raw score, migrated into old gradebooks, rewritten."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from grader.batch import late, lateness
from grader.batch.gradebook import SCHEMA_VERSION, Gradebook
from grader.batch.jobs import Outcome

DUE = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.timezone(dt.timedelta(hours=1)))
POLICY = late.Policy("prefill", DUE, per="day", fraction=0.1, cap=0.3)


def graded(student: str, score: float) -> Outcome:
    report = {"score": score, "max_score": 17.0, "tasks": [{"id": "t", "score": score, "max_score": 17.0,
                                                            "status": "passed"}]}
    return Outcome(student, "graded", report=report, student_report="{}", worker="w")


def mark(after: dt.timedelta | None, due: dt.datetime = DUE, marked: bool | None = None) -> late.Mark:
    return late.Mark(POLICY, due, None if after is None else due + after, "file-time", marked)


def test_columns_keep_the_time_its_source_the_penalty_and_the_final_score():
    found = lateness.columns(mark(dt.timedelta(hours=30), marked=True), 17.0, 17.0)
    assert found == {"submitted_at": "2026-03-04T04:59:00+00:00", "submitted_from": "file-time", "lms_late": 1,
                     "due_at": "2026-03-02T23:59:00+01:00", "late_seconds": 108000.0, "penalty": 3.4,
                     "final_score": 13.6}
    assert lateness.columns(None, 17.0, 17.0) == dict.fromkeys(lateness.COLUMNS)  # no policy
    unknown = lateness.columns(mark(None), 17.0, 17.0)  # no time: nothing taken, and said
    assert (unknown["submitted_at"], unknown["late_seconds"], unknown["penalty"], unknown["final_score"]) == (
        None, None, 0.0, 17.0)
    failed = lateness.columns(mark(dt.timedelta(days=2)), None, None)  # a failure is no grade to take from
    assert (failed["penalty"], failed["final_score"]) == (None, None)


def test_a_row_reads_its_hours_late_penalty_and_final(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.record("prefill", "v1", "class/ada.py", "h", graded("ada", 17.0), late=mark(dt.timedelta(hours=30)))
        book.record("prefill", "v1", "class/bob.py", "h", graded("bob", 12.0))
        ada, bob = book.rows("prefill")
    assert (ada.score, ada.late, ada.penalty, ada.final) == (17.0, 30.0, 3.4, 13.6)
    assert (bob.score, bob.late, bob.penalty, bob.final, bob.kept) == (12.0, None, None, 12.0, None)


def test_a_rewrite_applies_an_extension_without_a_regrade_and_dates_only_a_changed_row(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as book:
        for student in ("ada", "bob"):
            book.record("prefill", "v1", f"class/{student}.py", "h", graded(student, 17.0),
                        late=mark(dt.timedelta(hours=30)))
        with sqlite3.connect(tmp_path / "gb.sqlite") as db:
            db.execute("UPDATE submissions SET graded_at = '2026-01-01T00:00:00+00:00'")
        extended = DUE + dt.timedelta(days=2)
        book.set_late("prefill", {"ada": late.Mark(POLICY, extended, DUE + dt.timedelta(hours=30), "file-time"),
                                  "bob": mark(dt.timedelta(hours=30)), "nobody": mark(dt.timedelta(0))})
        ada, bob = book.rows("prefill")
    assert (ada.penalty, ada.final, ada.kept.due_at) == (0.0, 17.0, "2026-03-04T23:59:00+01:00")
    assert ada.graded_at != "2026-01-01T00:00:00+00:00"  # its final score moved: --changed-since exports it
    assert (bob.penalty, bob.graded_at) == (3.4, "2026-01-01T00:00:00+00:00")  # unchanged, not re-dated


V3_ROWS = """
INSERT INTO submissions (lesson, student, source, content_hash, suite_version, status, score, max_score, reason,
    attempts, worker, graded_at) VALUES ('prefill', 'alice', 'class/alice.py', 'h1', 'v1', 'graded', 17, 17, '', 1,
    'local-0', '2025-01-01T00:00:00+00:00');
"""


@pytest.fixture
def schema_3(tmp_path):
    """A gradebook as schema 3 wrote it: today's tables without the lateness columns, one grade in it."""
    path = tmp_path / "v3.sqlite"
    with Gradebook(path):
        pass
    db = sqlite3.connect(path)
    with db:
        for name in lateness.COLUMNS:
            db.execute(f"ALTER TABLE submissions DROP COLUMN {name}")
        db.executescript(V3_ROWS)
        db.execute("PRAGMA user_version=3")
    db.close()
    return path


def test_a_schema_3_gradebook_gains_the_columns_and_keeps_every_grade(schema_3):
    with Gradebook(schema_3) as book:
        (alice,) = book.rows("prefill")
        assert (alice.score, alice.final, alice.kept, alice.source) == (17, 17, None, "class/alice.py")
        book.set_late("prefill", {"alice": mark(dt.timedelta(hours=1))})
        assert book.rows("prefill")[0].final == pytest.approx(15.3)
    with sqlite3.connect(schema_3) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        names = [row[1] for row in db.execute("PRAGMA table_info(submissions)")]
    assert set(lateness.COLUMNS) <= set(names)
