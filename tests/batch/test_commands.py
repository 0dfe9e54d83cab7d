"""grader.batch.commands, end to end through the command line: a batch with a roster, the exports an LMS
imports afterwards from the roster the gradebook kept, and bad input as one line naming the file."""

from __future__ import annotations

import contextlib
import csv
import io
import sqlite3

import pytest

from grader.cli import main

from paths import ROOT

SOLUTION = ROOT / "solutions" / "prefill" / "prefill.py"
ROSTER = ("id,name,email,section,canvas_id,sis_user_id,sis_login_id\n"
          "Alice,\"Liddell, Alice\",alice@u.edu,A,101,S101,alice\n"
          "cy,Cy Cole,cy@u.edu,B,103,S103,cy\n")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A class of two (alice on the roster, bob not) graded with a roster of two (cy handed in nothing)."""
    work = tmp_path_factory.mktemp("roster")
    folder = work / "class"
    folder.mkdir()
    for student in ("alice", "bob"):
        (folder / f"{student}.py").write_bytes(SOLUTION.read_bytes())
    (work / "class.csv").write_text(ROSTER, encoding="utf-8")
    out = io.StringIO()
    code = _run(["--course", str(ROOT), "batch", str(folder), "--lesson", "prefill", "--jobs", "1", "--gradebook",
                 str(work / "gb.sqlite"), "--roster", str(work / "class.csv"), "--csv", str(work / "batch.csv")], out)
    return work, code, out.getvalue()


def _run(argv, out) -> int:
    with contextlib.redirect_stdout(out):
        return main(argv)


def table(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def test_a_batch_with_a_roster_names_the_missing_and_the_unmatched(graded):
    work, code, out = graded
    assert code == 0, out
    assert "1 on the roster without a submission (missing):\n  cy\n" in out
    assert "1 entries matching no student of the roster (kept, graded as they are):\n  bob\n" in out
    rows = {row[0]: row for row in table(work / "batch.csv")}
    assert rows["cy"][-3:] == ["missing", "no submission", "yes"] and rows["bob"][-1] == "no"
    assert rows["alice"][1:5] == ["Alice", "Liddell, Alice", "alice@u.edu", "A"]


def test_the_gradebook_keeps_the_roster_for_the_exports_that_follow(graded, capsys):
    work, _, _ = graded
    book = ["--gradebook", str(work / "gb.sqlite")]
    assert main(["--course", str(ROOT), "gradebook", "export", *book, "--format", "canvas", "--assignment-id", "55",
                 "--csv", str(work / "canvas.csv")]) == 0
    said = capsys.readouterr().out
    assert "wrote" in said and "1 entries match no student of the roster" in said and "bob" in said
    lines = table(work / "canvas.csv")
    assert lines[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] and len(lines[0]) == 6
    assert lines[0][5].endswith("Prefill (55)")  # the lesson's title, then Canvas's assignment id
    by_id = {line[1]: line for line in lines[1:]}
    assert by_id["101"] == ["Liddell, Alice", "101", "S101", "alice", "A", "13"]  # the module's 13 of 17
    assert by_id["103"][5] == ""  # missing, and course.toml does not say zero
    assert by_id[""][0] == "bob"  # kept, for Canvas's import preview to list as unknown
    assert main(["gradebook", "export", *book, "--format", "moodle", "--csv", str(work / "moodle.csv")]) == 0
    assert table(work / "moodle.csv")[0][:2] == ["Full name", "Email address"]
    assert main(["gradebook", "export", *book, "--changed-since", "2999-01-01", "--csv", str(work / "none.csv")]) == 0
    assert len(table(work / "none.csv")) == 1  # the header only: nothing changed since


@pytest.mark.parametrize(("argv", "said"), [
    (["--format", "canvas", "--roster", "{work}/bad.csv"], "bad.csv, line 3: the id 'ALICE' is on line 2 already"),
    (["--format", "canvas", "--roster", "{work}/plain.csv"], "no canvas_id, sis_user_id, sis_login_id column"),
    (["--changed-since", "yesterday"], "not an ISO 8601 date"),
    (["--format", "moodle", "--assignment-id", "5"], "--assignment-id is for --format canvas"),
    (["--format", "excel"], "invalid choice: 'excel'"),
])
def test_bad_input_to_an_export_is_one_line_naming_what_is_wrong(graded, capsys, argv, said):
    work, _, _ = graded
    (work / "bad.csv").write_text("id,name\nalice,A\nALICE,B\n", encoding="utf-8")
    (work / "plain.csv").write_text("id,name\nalice,A\n", encoding="utf-8")
    argv = [arg.format(work=work) for arg in argv]
    assert main(["gradebook", "export", "--gradebook", str(work / "gb.sqlite"), "--csv", str(work / "x.csv"),
                 *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grader: ") and said in err and err.count("\n") == 1, err
    assert not (work / "x.csv").exists()


def test_a_bad_roster_stops_a_batch_before_anything_is_graded(tmp_path, capsys):
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "alice.py").write_bytes(SOLUTION.read_bytes())
    (tmp_path / "class.csv").write_bytes(b"\xff\xfei\x00d\x00\n\x00")
    assert main(["--course", str(ROOT), "batch", str(tmp_path / "class"), "--lesson", "prefill", "--gradebook",
                 str(tmp_path / "gb.sqlite"), "--roster", str(tmp_path / "class.csv")]) == 2
    err = capsys.readouterr().err
    assert "class.csv: saved as UTF-16" in err and err.count("\n") == 1
    assert not (tmp_path / "gb.sqlite").exists()


def test_an_export_from_a_gradebook_without_a_roster_needs_one_for_canvas(tmp_path, capsys):
    from grader.batch.gradebook import Gradebook

    with Gradebook(tmp_path / "gb.sqlite") as book:
        book.set_lesson("prefill", "Prefill", "v1", [("t", "T", 1.0)])
    assert main(["gradebook", "export", "--gradebook", str(tmp_path / "gb.sqlite"), "--format", "canvas", "--csv",
                 str(tmp_path / "c.csv")]) == 2
    assert "--format canvas needs a roster" in capsys.readouterr().err
    assert sqlite3.connect(tmp_path / "gb.sqlite").execute("SELECT count(*) FROM roster").fetchone()[0] == 0


@pytest.mark.parametrize(("extra", "said"), [
    (["--diff", "d.csv"], "--diff is for --dry-run"),
    (["--dry-run", "--gradebook", "none.sqlite"], "none.sqlite: no gradebook to compare with"),
    (["--dry-run", "--reports", "r"], "--reports writes what a batch applied; --dry-run applies nothing"),
])
def test_a_dry_run_is_asked_for_whole_or_refused_in_one_line(tmp_path, capsys, monkeypatch, extra, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "alice.py").write_bytes(SOLUTION.read_bytes())
    assert main(["--course", str(ROOT), "batch", "class", "--lesson", "prefill", "--jobs", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (tmp_path / "gradebook.sqlite").exists() and not (tmp_path / "none.sqlite").exists()
