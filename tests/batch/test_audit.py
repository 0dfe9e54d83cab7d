"""grader.batch.audit through the command line: ``grader gradebook override | overrides | history``."""

from __future__ import annotations

import csv

import pytest

from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome
from grader.cli import main

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def graded(student: str, flops: float = 2.0) -> Outcome:
    return Outcome(student, "graded", seconds=0.1, student_report="{}", report={
        "score": flops + 3.0, "max_score": 5.0,
        "tasks": [{"id": "flops", "score": flops, "max_score": 2.0, "status": "failed",
                   "diagnoses": [{"code": "forgot-2"}] if flops < 2 else []},
                  {"id": "mask", "score": 3.0, "max_score": 3.0, "status": "passed"}]})


@pytest.fixture
def book(tmp_path):
    path = tmp_path / "gb.sqlite"
    with Gradebook(path) as opened:
        opened.set_lesson("prefill", "Prefill", "v1", TASKS)
        opened.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=0.0))
        opened.record("prefill", "v2", "alice.py", "h1", graded("alice", flops=1.0))
        opened.record("prefill", "v1", "bob.py", "h2", graded("bob"))
    return path


def test_an_override_is_set_listed_exported_and_cleared(book, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("USER", "ta-jo")
    gb = ["--gradebook", str(book)]
    assert main(["gradebook", "override", "alice", "flops", "2", "--reason", "factor 2 is in her comment", *gb]) == 0
    said = capsys.readouterr().out
    assert "alice: flops = 2 (computed 1) by ta-jo on " in said and "their total is now 5" in said
    assert main(["gradebook", "overrides", *gb]) == 0
    assert "alice: flops = 2 (computed 1) by ta-jo" in capsys.readouterr().out
    assert main(["gradebook", "export", "--csv", str(tmp_path / "g.csv"), *gb]) == 0
    with (tmp_path / "g.csv").open(newline="") as stream:
        alice = next(r for r in csv.DictReader(stream) if r["student"] == "alice")
    assert (alice["total"], alice["override"].split(" by ")[0]) == ("5", "flops = 2 (computed 1)")
    assert main(["gradebook", "override", "alice", "flops", "--clear", "--reason", "withdrawn", "--by", "prof",
                 *gb]) == 0
    capsys.readouterr()
    assert main(["gradebook", "overrides", *gb]) == 0
    assert "no overrides hold in lesson prefill" in capsys.readouterr().out
    assert main(["gradebook", "overrides", "--all", *gb]) == 0
    assert "[cleared by prof on " in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "said"), [
    (["override", "zed", "flops", "1", "--reason", "x"], "no student 'zed' in lesson prefill"),
    (["override", "alice", "attention", "1", "--reason", "x"], "no task 'attention' in lesson prefill"),
    (["override", "alice", "flops", "3", "--reason", "x"], "score 3 for task 'flops' is outside 0..2"),
    (["override", "alice", "flops", "1", "--reason", ""], "--reason: empty"),
    (["override", "alice", "flops", "--reason", "x"], "give the SCORE"),
    (["override", "alice", "flops", "1", "--clear", "--reason", "x"], "--clear takes no SCORE"),
    (["override", "alice", "flops", "--clear", "--reason", "x"], "no override holds on task 'flops' of 'alice'"),
    (["history", "zed"], "no graded version of 'zed'"),
])
def test_bad_input_is_one_line_naming_what_is_wrong(book, capsys, argv, said):
    assert main(["gradebook", *argv, "--gradebook", str(book)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_history_lists_every_version_with_why(book, capsys):
    assert main(["gradebook", "history", "alice", "--gradebook", str(book)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert "first" in lines[0] and "suite v1" in lines[0] and "3/5" in lines[0] and "flops:forgot-2" in lines[0]
    assert "regrade" in lines[1] and "suite v2" in lines[1] and "4/5" in lines[1]
