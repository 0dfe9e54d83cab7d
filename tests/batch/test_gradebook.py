"""grader.batch.gradebook: one row per student, durable commits, errors never overwrite grades, the CSV export."""

from __future__ import annotations

import csv
import io
import re
import sqlite3

import pytest

from grader.batch.gradebook import Gradebook
from grader.batch.jobs import Outcome
from grader.exceptions import UsageError

TASKS = [("flops", "FLOPs", 2.0), ("mask", "the mask", 3.0)]


def report(flops: float, mask: float) -> dict:
    return {"lesson": "prefill", "score": flops + mask, "max_score": 5.0, "execution_time": 0.1,
            "tasks": [{"id": "flops", "score": flops, "max_score": 2.0, "status": "passed" if flops == 2 else "failed",
                       "feedback": "" if flops == 2 else "forgot the factor 2"},
                      {"id": "mask", "score": mask, "max_score": 3.0, "status": "passed", "feedback": ""}]}


def graded(student: str, flops: float = 2.0, mask: float = 3.0) -> Outcome:
    return Outcome(student, "graded", report=report(flops, mask), student_report='{"x": 1}\n', seconds=0.2)


@pytest.fixture
def book(tmp_path):
    with Gradebook(tmp_path / "gb.sqlite") as opened:
        opened.set_lesson("prefill", "Prefill", "v1", TASKS)
        yield opened


def test_a_new_gradebook_is_wal_and_marked_as_a_gradebook(tmp_path, book):
    db = sqlite3.connect(book.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x47524442


def test_rows_are_keyed_by_student_and_regrading_replaces_them(book):
    assert book.record("prefill", "v1", "class/alice.py", "h1", graded("alice", flops=0.0))
    assert book.record("prefill", "v1", "class/bob.py", "h2", graded("bob"))
    assert book.record("prefill", "v1", "class/alice.py", "h3", graded("alice"))
    assert book.count("prefill") == 2
    alice = book.known("prefill")["alice"]
    assert (alice.content_hash, alice.suite_version, alice.status) == ("h3", "v1", "graded")
    assert [(r.student, r.score, r.tasks) for r in book.rows("prefill")] == [
        ("alice", 5.0, {"flops": 2.0, "mask": 3.0}), ("bob", 5.0, {"flops": 2.0, "mask": 3.0})]
    db = sqlite3.connect(book.path)
    assert db.execute("SELECT count(*) FROM task_scores WHERE student = 'alice'").fetchone()[0] == 2


def test_an_error_never_replaces_a_grade_but_replaces_an_error(book):
    book.record("prefill", "v1", "alice.py", "h1", graded("alice"))
    assert not book.record("prefill", "v1", "alice.py", "h2", Outcome("alice", "error", reason="worker died"))
    row = book.rows("prefill")[0]
    assert (row.status, row.score, book.known("prefill")["alice"].content_hash) == ("graded", 5.0, "h1")
    book.record("prefill", "v1", "bob.py", "h1", Outcome("bob", "error", reason="first"))
    assert book.record("prefill", "v1", "bob.py", "h1", Outcome("bob", "error", reason="second"))
    assert book.known("prefill")["bob"].reason == "second"
    assert book.record("prefill", "v1", "bob.py", "h1", graded("bob"))
    assert book.known("prefill")["bob"].status == "graded"


def test_committed_rows_survive_an_abandoned_connection(tmp_path):
    path = tmp_path / "gb.sqlite"
    first = Gradebook(path)
    first.record("prefill", "v1", "alice.py", "h1", graded("alice"))
    # no close(): the process could be killed here; a second reader sees the committed row
    with Gradebook(path) as second:
        assert [r.student for r in second.rows("prefill")] == ["alice"]
    first.close()


def test_other_files_are_not_gradebooks(tmp_path):
    text = tmp_path / "notes.sqlite"
    text.write_text("hello, this is not a database at all" * 10)
    with pytest.raises(UsageError, match="not a gradebook"):
        Gradebook(text)
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)")
    with pytest.raises(UsageError, match="not a gradebook"):
        Gradebook(other)
    with pytest.raises(UsageError, match="no gradebook there"):
        Gradebook(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()


def test_the_csv_has_a_row_per_student_a_column_per_task_total_and_max(tmp_path, book):
    book.record("prefill", "v1", "bob.py", "h", graded("bob", flops=0.0, mask=2.0))
    book.record("prefill", "v1", "alice.py", "h", graded("alice"))
    book.record("prefill", "v1", "carol.zip", "h", Outcome("carol", "rejected", reason="not a zip\nmore"))
    book.record("prefill", "v1", "dave.py", "h", Outcome("dave", "error", reason="worker died"))
    target = tmp_path / "out" / "grades.csv"
    assert book.export_csv(target) == 4
    with target.open(newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows == [
        ["student", "flops", "mask", "total", "max", "status", "note"],
        ["alice", "2", "3", "5", "5", "graded", ""],
        ["bob", "0", "2", "2", "5", "graded", ""],
        ["carol", "0", "0", "0", "5", "refused", "not a zip"],  # docs/class.md's words, not the table's
        ["dave", "", "", "", "5", "failed", "worker died"],
    ]
    with sqlite3.connect(tmp_path / "gb.sqlite") as db:  # the gradebook keeps its own status names
        assert dict(db.execute("SELECT student, status FROM submissions")) == {
            "alice": "graded", "bob": "graded", "carol": "rejected", "dave": "error"}


def test_text_cells_cannot_become_spreadsheet_formulas(tmp_path, book):
    book.record("prefill", "v1", "x.zip", "h", Outcome("=cmd", "rejected", reason="@SUM(1) is not a zip"))
    book.export_csv(tmp_path / "g.csv")
    with (tmp_path / "g.csv").open(newline="") as stream:
        row = list(csv.reader(stream))[1]
    assert row[0] == "'=cmd" and row[-1] == "'@SUM(1) is not a zip"


def test_scores_are_exported_to_2_decimals_and_kept_in_full(tmp_path, book):
    outcome = graded("alice", flops=round(2 / 3, 6), mask=3.0)
    outcome.report["score"] = round(2 / 3 + 3, 6)
    book.record("prefill", "v1", "alice.py", "h", outcome)
    book.set_lesson("prefill", "Prefill", "v1", [("flops", "FLOPs", 2.0), ("mask", "the mask", 13 / 3)])
    book.export_csv(tmp_path / "g.csv")
    assert (tmp_path / "g.csv").read_text().splitlines()[1] == "alice,0.67,3,3.67,5,graded,"
    assert book.rows("prefill")[0].score == round(2 / 3 + 3, 6)  # the gradebook keeps the report's precision
    refused = Outcome("bob", "rejected", reason="not a zip")
    book.record("prefill", "v1", "bob.zip", "h", refused)
    book.export_csv(tmp_path / "g.csv")
    assert (tmp_path / "g.csv").read_text().splitlines()[2] == "bob,0,0,0,6.33,refused,not a zip"
    book.record("prefill", "v1", "carol.py", "h", graded("carol", flops=0.125, mask=3.0))  # 3.125: halves round up
    book.export_csv(tmp_path / "g.csv")
    assert (tmp_path / "g.csv").read_text().splitlines()[3].startswith("carol,0.13,3,3.13,")


def test_the_lesson_to_export_must_be_known_or_unique(tmp_path, book):
    with pytest.raises(UsageError, match="no grades for lesson 'decode'"):
        book.export_csv(tmp_path / "g.csv", "decode")
    book.set_lesson("decode", "Decode", "v1", TASKS)
    with pytest.raises(UsageError, match="pass --lesson"):
        book.export_csv(tmp_path / "g.csv")
    assert not (tmp_path / "g.csv").exists()


# -- the export a spreadsheet opens: nothing in a cell runs, whatever separator it reads with (issue 14) --

HOSTILE = [" =2+3", "\n@SUM(1+1)", "x;=1+2", "\t-3", "a,b", 'say "hi"', "esc\x1b[31mred", "bidi\u202eevil",
           "\r=1", "  +1", "ok"]
RAW = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def hostile_export(tmp_path, book) -> str:
    for i, name in enumerate(HOSTILE):
        book.record("prefill", "v1", f"{i}.zip", "h", Outcome(name, "rejected", reason=f"{name} is odd\nline two"))
    book.export_csv(tmp_path / "g.csv")
    return (tmp_path / "g.csv").read_bytes().decode("utf-8")


def test_no_cell_starts_a_formula_after_blanks_and_no_raw_control_character_is_written(tmp_path, book):
    text = hostile_export(tmp_path, book)
    assert not RAW.search(text) and text.count("\r\n") == len(HOSTILE) + 1 and "\n" not in text.replace("\r\n", "")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == len(HOSTILE) + 1
    for row in rows[1:]:
        for cell in (row[0], row[-1]):  # the student and the note
            assert cell.lstrip()[:1] not in ("=", "+", "-", "@") or cell.startswith("'"), row
    students = {row[0] for row in rows[1:]}
    # a ; starts a cell for a reader splitting on ; or not honouring quotes, in the name as further along
    assert "' =2+3" in students and "\\n@SUM(1+1)" in students and "x;'=1+2" in students
    assert "x;'=1+2 is odd" in {row[-1] for row in rows}


def test_cells_holding_a_separator_a_quote_or_a_line_break_are_quoted(tmp_path, book):
    text = hostile_export(tmp_path, book)
    assert '"x;\'=1+2",' in text and '"a,b",' in text and '"say ""hi""",' in text
    for delimiter in (",", ";"):  # a spreadsheet whose list separator is ; must not find a formula either
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            for cell in row:
                assert cell.lstrip()[:1] not in ("=", "+", "@") or cell.startswith("'"), (delimiter, row)


def test_reports_give_each_graded_students_instructor_report_for_the_class_view(book):
    book.record("prefill", "v1", "alice.py", "h1", graded("alice", flops=1.0))
    book.record("prefill", "v1", "bob.py", "h2", graded("bob"))
    book.record("prefill", "v1", "carol.zip", "h3", Outcome("carol", "rejected", reason="not a zip"))
    book.record("prefill", "v1", "dave.py", "h4", Outcome("dave", "error", reason="worker died"))
    book.record("latency", "v1", "erin.py", "h5", graded("erin"))
    found = dict(book.reports("prefill"))
    assert sorted(found) == ["alice", "bob"]  # refused and failed rows hold no report; another lesson is not this one
    assert found["alice"] == report(1.0, 3.0)
    assert [s for s, _ in book.reports("prefill", {"bob", "carol"})] == ["bob"]
    with sqlite3.connect(book.path) as db:
        db.execute("UPDATE submissions SET report = 'not json' WHERE student = 'bob'")
    assert [s for s, _ in book.reports("prefill")] == ["alice"]  # a damaged report is left out, not a crash


def test_each_row_keeps_the_students_id_and_the_variant_it_was_graded_with(book):
    variant = {"student": "12345", "parameters": {"N": 13e9, "P": 2048}, "answers": {"hand_flops": 5.3e13}}
    with_variant = Outcome("smith_12345", "graded", report={**report(2.0, 3.0), "variant": variant})
    assert book.record("prefill", "v1", "class/smith.py", "h1", with_variant, identity="12345")
    assert book.record("prefill", "v1", "class/bob.py", "h2", graded("bob"), identity="bob")  # the lesson's numbers
    assert book.record("prefill", "v1", "class/x.zip", "h3", Outcome("x", "rejected", reason="bad zip"), "x")
    assert book.variants("prefill") == {
        "smith_12345": ("12345", {"parameters": {"N": 13e9, "P": 2048}, "answers": {"hand_flops": 5.3e13}}),
        "bob": ("bob", None)}  # graded rows only
    assert book.known("prefill")["smith_12345"].identity == "12345"


V1_SCHEMA = """
CREATE TABLE lessons (lesson TEXT PRIMARY KEY, title TEXT NOT NULL, suite_version TEXT NOT NULL, tasks TEXT NOT NULL,
                      max_score REAL NOT NULL);
CREATE TABLE submissions (lesson TEXT NOT NULL, student TEXT NOT NULL, source TEXT NOT NULL,
    content_hash TEXT NOT NULL, suite_version TEXT NOT NULL, status TEXT NOT NULL, score REAL, max_score REAL,
    reason TEXT NOT NULL, report TEXT, student_report TEXT, grade_seconds REAL, wall_seconds REAL,
    attempts INTEGER NOT NULL, worker TEXT NOT NULL, graded_at TEXT NOT NULL, PRIMARY KEY (lesson, student));
CREATE TABLE task_scores (lesson TEXT NOT NULL, student TEXT NOT NULL, task TEXT NOT NULL, position INTEGER NOT NULL,
    score REAL NOT NULL, max_score REAL NOT NULL, status TEXT NOT NULL, feedback TEXT NOT NULL,
    PRIMARY KEY (lesson, student, task));
INSERT INTO submissions VALUES ('prefill', 'alice', 'class/alice.py', 'h1', 'v1', 'graded', 17, 17, '', '{}', '{}',
                                0.1, 0.2, 1, 'local-0', '2025-01-01T00:00:00+00:00');
PRAGMA application_id=1196573762;
PRAGMA user_version=1;
"""


def test_a_gradebook_of_before_variants_is_upgraded_and_keeps_every_grade(tmp_path):
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(V1_SCHEMA)
    old.close()
    with Gradebook(path) as upgraded:
        assert [(r.student, r.score) for r in upgraded.rows("prefill")] == [("alice", 17)]
        assert upgraded.known("prefill")["alice"].identity == ""  # graded with the lesson's own numbers
        assert upgraded.variants("prefill") == {"alice": ("", None)}
        assert upgraded.record("prefill", "v2", "class/bob.py", "h2", graded("bob"), identity="bob")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 4  # 3: the roster; 4: lateness
