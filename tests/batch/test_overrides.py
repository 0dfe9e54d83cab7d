"""grader.batch.overrides: a person's score outlives regrades, says who/when/why, and bad input is named."""

from __future__ import annotations

import csv

import pytest

from grader.batch import overrides
from grader.batch.exports import export
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome
from grader.exceptions import UsageError

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def graded(student: str, flops: float = 2.0, mask: float = 3.0) -> Outcome:
    return Outcome(student, "graded", seconds=0.1, student_report="{}", report={
        "score": flops + mask, "max_score": 5.0,
        "tasks": [{"id": "flops", "score": flops, "max_score": 2.0, "status": "failed"},
                  {"id": "mask", "score": mask, "max_score": 3.0, "status": "passed"}]})


@pytest.fixture
def book(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as opened:
        opened.set_lesson("prefill", "Prefill", "v1", TASKS)
        opened.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=0.0))
        opened.record("prefill", "v1", "bob.py", "h2", graded("bob"))
        opened.record("prefill", "v1", "carol.py", "h3", Outcome("carol", "rejected", reason="not a module"))
        yield opened


def test_an_override_decides_the_score_and_survives_a_regrade(book):
    set_ = overrides.set_override(book, "prefill", "alice", "flops", 1.5, "regrade request: factor 2 in a comment",
                                  by="ta-jo")
    assert (set_.computed, set_.by) == (0.0, "ta-jo")
    alice = book.rows("prefill", {"alice"})[0]
    assert (alice.tasks["flops"], alice.score) == (1.5, 4.5)
    assert [(o.task, o.score, o.computed, o.reason) for o in alice.overrides] == [
        ("flops", 1.5, 0.0, "regrade request: factor 2 in a comment")]
    book.record("prefill", "v2", "alice.py", "h1", graded("alice", flops=0.5, mask=2.0))  # a regrade: new computed
    alice = book.rows("prefill", {"alice"})[0]
    assert (alice.tasks, alice.score) == ({"flops": 1.5, "mask": 2.0}, 3.5)
    assert alice.overrides[0].computed == 0.5  # flagged, with the grader's new score beside it
    assert book.rows("prefill", {"bob"})[0].overrides == ()


def test_clearing_or_replacing_keeps_the_trail(book, monkeypatch):
    monkeypatch.setenv("USER", "prof")
    overrides.set_override(book, "prefill", "alice", "flops", 1.0, "first look")
    overrides.set_override(book, "prefill", "alice", "flops", 2.0, "second look")
    assert [o.score for _, o in overrides.trail(book, "prefill")] == [2.0]
    overrides.clear_override(book, "prefill", "alice", "flops", "the check was fixed instead", by="ta")
    assert overrides.trail(book, "prefill") == []
    every = overrides.trail(book, "prefill", every=True)
    assert [(o.score, o.by, o.cleared_by, o.cleared_why) for _, o in every] == [
        (1.0, "prof", "prof", "replaced by a new override"), (2.0, "prof", "ta", "the check was fixed instead")]
    assert book.rows("prefill", {"alice"})[0].score == 3.0  # the computed score holds again
    with pytest.raises(UsageError, match="no override holds on task 'flops' of 'alice'"):
        overrides.clear_override(book, "prefill", "alice", "flops", "again")


@pytest.mark.parametrize(("student", "task", "score", "reason", "said"), [
    ("alicia", "flops", 1.0, "why", "no student 'alicia' in lesson prefill (similar: alice)"),
    ("alice", "flop", 1.0, "why", "no task 'flop' in lesson prefill (its tasks: flops, mask)"),
    ("alice", "flops", 2.5, "why", "score 2.5 for task 'flops' is outside 0..2 (its maximum)"),
    ("alice", "flops", -1.0, "why", "outside 0..2"),
    ("alice", "flops", float("nan"), "why", "outside 0..2"),
    ("alice", "flops", 1.0, "  ", "--reason: empty"),
    ("carol", "flops", 1.0, "why", "'carol' has no grade to override in lesson prefill (their entry is refused"),
])
def test_bad_overrides_are_refused_naming_what_is_wrong(book, student, task, score, reason, said):
    with pytest.raises(UsageError, match=said.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        overrides.set_override(book, "prefill", student, task, score, reason)
    assert overrides.trail(book, "prefill", every=True) == []


def test_the_csv_export_says_overridden_and_why_and_only_then_has_the_column(book, tmp_path):
    export(book, tmp_path / "plain.csv", "prefill")
    assert "override" not in (tmp_path / "plain.csv").read_text()
    overrides.set_override(book, "prefill", "alice", "flops", 2.0, "=cmd|' /C calc'!A0 on appeal", by="ta")
    export(book, tmp_path / "grades.csv", "prefill")
    with (tmp_path / "grades.csv").open(newline="") as stream:
        table = {row["student"]: row for row in csv.DictReader(stream)}
    assert (table["alice"]["flops"], table["alice"]["total"]) == ("2", "5")
    assert table["alice"]["override"].startswith("flops = 2 (computed 0) by ta on ")
    assert table["alice"]["override"].endswith(": =cmd|' /C calc'!A0 on appeal")  # mid-cell: no formula
    assert table["bob"]["override"] == "" and table["carol"]["override"] == ""


def test_a_late_penalty_is_taken_from_the_score_a_person_set(tmp_path):
    import datetime as dt

    from grader.batch import late

    due = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.UTC)
    two_days = late.Mark(late.Policy("prefill", due, per="day", fraction=0.1), due, due + dt.timedelta(hours=30),
                         "file-time")
    with Gradebook(tmp_path / "gb.sqlite") as opened:
        opened.set_lesson("prefill", "Prefill", "v1", TASKS)
        opened.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=0.0), late=two_days)
        assert (opened.rows("prefill")[0].penalty, opened.rows("prefill")[0].final) == (1.0, 2.0)  # 2 days of 10 %
        overrides.set_override(opened, "prefill", "alice", "flops", 2.0, "appeal", by="ta")
        alice = opened.rows("prefill")[0]
    assert (alice.score, alice.penalty, alice.final) == (5.0, 1.0, 4.0)  # the set score, less the same penalty
