"""grader.batch.exports: the gradebook as the CSV an LMS imports: missing students, unmatched entries,
Canvas's and Moodle's columns, only what changed since a date, and no cell a spreadsheet would run."""

from __future__ import annotations

import csv
import datetime as dt
import io
import sqlite3

import pytest

from grader.batch.exports import export, parse_since
from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome
from grader.batch.roster import parse
from grader.exceptions import UsageError

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]
ROSTER = ("id,name,email,section,canvas_id,sis_user_id,sis_login_id,idnumber\n"
          "971249,\"Allen, Ada\",ada@u.edu,A,971249,S1,ada,N1\n"
          "5005946,Bob Bell,bob@u.edu,B,5005946,S2,bob,N2\n"
          "777,Cy Cole,cy@u.edu,A,777,S3,cy,N3\n")


def graded(student: str, score: float) -> Outcome:
    report = {"lesson": "prefill", "score": score, "max_score": 5.0, "tasks": [
        {"id": "flops", "score": min(score, 2.0), "max_score": 2.0, "status": "passed"},
        {"id": "mask", "score": max(score - 2.0, 0.0), "max_score": 3.0, "status": "passed"}]}
    return Outcome(student, "graded", report=report, student_report="{}", seconds=0.1)


@pytest.fixture
def book(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as opened:
        opened.set_lesson("prefill", "Prefill", "v1", TASKS)
        opened.record("prefill", "v1", "class/x", "h1", graded("allenada_971249", 5.0), identity="971249")
        opened.record("prefill", "v1", "class/y", "h2", graded("bellbob_5005946", 2.5), identity="5005946")
        opened.record("prefill", "v1", "class/z", "h3", graded("=cmd|stranger_42", 4.0), identity="42")
        yield opened


def table(path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def test_without_a_roster_the_export_is_the_gradebooks_csv_byte_for_byte(book, tmp_path):
    export(book, tmp_path / "a.csv", "prefill")
    book.export_csv(tmp_path / "b.csv", "prefill")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_a_roster_adds_missing_rows_and_keeps_the_entries_it_does_not_list(book, tmp_path):
    written = export(book, tmp_path / "a.csv", "prefill", roster=parse(ROSTER, "class.csv"))
    assert written.missing == ["777"] and written.unmatched == ["=cmd|stranger_42"]
    rows = {row[0]: row for row in table(tmp_path / "a.csv")}
    header = rows.pop("student")
    assert header == ["student", "id", "name", "email", "section", "flops", "mask", "total", "max", "status", "note",
                      "on_roster"]
    assert rows["allenada_971249"][1:5] == ["971249", "Allen, Ada", "ada@u.edu", "A"]
    assert rows["777"][7:10] == ["", "5", "missing"]  # blank: course.toml did not say zero
    assert rows["'=cmd|stranger_42"][-1] == "no" and rows["'=cmd|stranger_42"][7] == "4"  # never dropped, inert
    zero = export(book, tmp_path / "z.csv", "prefill", roster=parse(ROSTER, "class.csv"), missing_score="zero")
    assert zero.rows == 4 and {r[0]: r for r in table(tmp_path / "z.csv")}["777"][5:8] == ["0", "0", "0"]


def test_canvas_gets_its_own_import_columns_with_the_rosters_ids(book, tmp_path):
    export(book, tmp_path / "c.csv", "prefill", "canvas", parse(ROSTER, "class.csv"), "zero", assignment_id="12345")
    lines = table(tmp_path / "c.csv")
    assert lines[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Prefill (12345)"]
    by_id = {line[1]: line for line in lines[1:]}
    assert by_id["971249"] == ["Allen, Ada", "971249", "S1", "ada", "A", "5"]
    assert by_id["5005946"][-1] == "2.5" and by_id["777"][-1] == "0"
    assert by_id[""] == ["'=cmd|stranger_42", "", "", "", "", "4"]  # Canvas's import preview lists it as unknown


def test_moodle_gets_a_user_column_to_map_and_a_grade_column(book, tmp_path):
    export(book, tmp_path / "m.csv", "prefill", "moodle", parse(ROSTER, "class.csv"))
    lines = table(tmp_path / "m.csv")
    assert lines[0] == ["Full name", "Email address", "ID number", "Prefill"]
    assert ["Bob Bell", "bob@u.edu", "N2", "2.5"] in lines and ["Cy Cole", "cy@u.edu", "N3", ""] in lines


@pytest.mark.parametrize(("fmt", "roster", "said"), [
    ("canvas", None, "--format canvas needs a roster"),
    ("canvas", "id,name\nada,Ada\n", "no canvas_id, sis_user_id, sis_login_id column"),
    ("canvas", "id,canvas_id\nada,\n", "no canvas_id, sis_user_id, sis_login_id column with ids"),
    ("moodle", "id,section\nada,A\n", "no email, idnumber or username column"),
    ("canvas", "id,sis_user_id\nada,S1\nbob,\n", r"students .class.csv. have no canvas_id.*line 3 \(bob\)"),
    ("moodle", "id,email\nada,\nbob,b@u.edu\n", r"have no email, .*line 2 \(ada\)"),
])
def test_a_format_without_the_ids_it_needs_is_a_clear_error(book, tmp_path, fmt, roster, said):
    with pytest.raises(UsageError, match=said):
        export(book, tmp_path / "x.csv", "prefill", fmt, parse(roster, "class.csv") if roster else None)
    assert not (tmp_path / "x.csv").exists()


def test_changed_since_exports_only_the_rows_written_since(book, tmp_path):
    db = sqlite3.connect(book.path)
    with db:
        db.execute("UPDATE submissions SET graded_at = '2026-01-01T10:00:00+00:00'")
        db.execute("UPDATE submissions SET graded_at = '2026-03-02T09:00:00+00:00' WHERE student = 'bellbob_5005946'")
    db.close()
    written = export(book, tmp_path / "c.csv", "prefill", "canvas", parse(ROSTER, "class.csv"),
                     since=parse_since("2026-03-02"))
    assert written.rows == 1 and [line[1] for line in table(tmp_path / "c.csv")[1:]] == ["5005946"]  # no missing
    assert export(book, tmp_path / "d.csv", "prefill", since=parse_since("2026-03-02T10:00:00+01:00")).rows == 1
    assert export(book, tmp_path / "e.csv", "prefill", since=parse_since("2026-03-03")).rows == 0


def test_a_date_that_is_not_iso_8601_is_a_usage_error():
    with pytest.raises(UsageError, match="not an ISO 8601 date"):
        parse_since("last tuesday")
    assert parse_since("2026-03-02") == dt.datetime(2026, 3, 2, tzinfo=dt.UTC)


def test_the_roster_kept_in_the_gradebook_comes_back_whole(book):
    assert book.roster() is None
    roster = parse(ROSTER, "class.csv")
    book.store_roster(roster)
    book.store_roster(roster)  # replaced, never doubled
    kept = book.roster()
    assert kept.students == roster.students and kept.columns == roster.columns and kept.source == "class.csv"


def test_two_entries_of_one_roster_student_are_both_written_and_named(book, tmp_path):
    book.record("prefill", "v1", "class/w", "h4", graded("ada_again", 1.0), identity="971249")
    written = export(book, tmp_path / "c.csv", "prefill", "canvas", parse(ROSTER, "class.csv"))
    assert written.shared == {"971249": ["ada_again", "allenada_971249"]}
    assert [line[1] for line in table(tmp_path / "c.csv")].count("971249") == 2  # never one silently dropped


def test_under_a_late_policy_the_csv_keeps_the_raw_total_and_the_lms_gets_the_final_score(book, tmp_path):
    import datetime as dt

    from grader.batch.late import Mark, Policy

    due = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.UTC)
    policy = Policy("prefill", due, per="day", fraction=0.1)
    book.set_late("prefill", {"allenada_971249": Mark(policy, due, due + dt.timedelta(hours=25), "file-time", True),
                              "bellbob_5005946": Mark(policy, due, due - dt.timedelta(hours=1), "file-time", False)})
    export(book, tmp_path / "a.csv", "prefill")
    rows = {row[0]: row for row in table(tmp_path / "a.csv")}
    assert rows.pop("student")[3:] == ["raw_total", "max", "status", "note", "submitted", "submitted_from", "due",
                                       "hours_late", "penalty", "final"]
    assert rows["allenada_971249"][3:] == ["5", "5", "graded", "", "2026-03-04T00:59:00+00:00", "file-time",
                                           "2026-03-02T23:59:00+00:00", "25", "1", "4"]  # two days at 10% of 5
    assert rows["bellbob_5005946"][-3:] == ["0", "0", "2.5"] and rows["'=cmd|stranger_42"][-6:] == [""] * 5 + ["4"]
    export(book, tmp_path / "c.csv", "prefill", "canvas", roster=parse(ROSTER, "class.csv"))
    assert {row[1]: row[-1] for row in table(tmp_path / "c.csv")}["971249"] == "4"
