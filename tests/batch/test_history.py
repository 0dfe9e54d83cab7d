"""grader.batch.history: every graded version kept, why it was graded, and old gradebooks gain the table."""

from __future__ import annotations

import sqlite3

from grader.batch import history
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def report(flops: float, mask: float, codes: tuple[str, ...] = ()) -> dict:
    return {"lesson": "prefill", "score": flops + mask, "max_score": 5.0,
            "tasks": [{"id": "flops", "score": flops, "max_score": 2.0, "status": "failed",
                       "diagnoses": [{"code": c, "hint": "h"} for c in codes] + [{"code": codes[0]}] if codes else []},
                      {"id": "mask", "score": mask, "max_score": 3.0, "status": "passed"}]}


def graded(student: str, flops: float = 2.0, mask: float = 3.0, codes: tuple[str, ...] = ()) -> Outcome:
    return Outcome(student, "graded", report=report(flops, mask, codes), student_report="{}", seconds=0.1)


def test_every_version_is_kept_with_why_it_was_graded(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        book.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=0.0, codes=("missing_factor_2",)))
        book.record("prefill", "v1", "alice.py", "h2", graded("alice"))  # she handed in again
        book.record("prefill", "v2", "alice.py", "h2", graded("alice", mask=1.0))  # the suite changed
        book.record("prefill", "v2", "alice.py", "h2", Outcome("alice", "error", reason="worker died"))
        book.record("prefill", "v2", "bob.py", "h9", Outcome("bob", "rejected", reason="not a module"))
        found = history.entries(book.db, "prefill", "alice")
        assert [(e.why, e.suite_version, e.content_hash, e.score) for e in found] == [
            ("first", "v1", "h1", 3.0), ("changed", "v1", "h2", 5.0), ("regrade", "v2", "h2", 3.0)]
        assert found[0].tasks == {"flops": 0.0, "mask": 3.0}
        assert found[0].diagnoses == {"flops": ["missing_factor_2"]}  # each code once
        assert found[1].diagnoses == {}
        assert [(e.student, e.status, e.why) for e in history.entries(book.db, "prefill", "bob")] == [
            ("bob", "rejected", "first")]  # a refusal is a final outcome; the failure above is no entry
        assert book.rows("prefill")[0].score == 3.0  # the row is the newest grade, the older ones stay in history


def test_an_old_gradebook_gains_the_table_and_its_rows_stand_as_first_entries(tmp_path):
    path = tmp_path / "gb.sqlite"
    with Gradebook(path) as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        book.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=1.0, codes=("transposed",)))
        book.record("prefill", "v1", "carol.py", "h3", Outcome("carol", "error", reason="worker died"))
    with sqlite3.connect(path) as db:  # a gradebook written before history was kept
        db.execute("DROP TABLE history")
    with Gradebook(path) as book:
        found = history.entries(book.db, "prefill")
        assert [(e.student, e.why, e.score, e.tasks, e.diagnoses) for e in found] == [
            ("alice", "before", 4.0, {"flops": 1.0, "mask": 3.0}, {"flops": ["transposed"]})]
        book.record("prefill", "v2", "alice.py", "h1", graded("alice"))
        assert [e.why for e in history.entries(book.db, "prefill", "alice")] == ["before", "regrade"]
    with Gradebook(path) as book:  # opened again: seeded once, never twice
        assert len(history.entries(book.db, "prefill")) == 2


def test_a_write_that_is_rolled_back_leaves_no_entry(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", TASKS)
        bad = graded("alice")
        bad.report["tasks"].append({"id": "broken"})  # no score: the row's insert fails inside the transaction
        try:
            book.record("prefill", "v1", "alice.py", "h1", bad)
        except KeyError:
            pass
        assert history.entries(book.db, "prefill") == [] and book.rows("prefill") == []
