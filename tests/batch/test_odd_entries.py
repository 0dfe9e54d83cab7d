"""``grader batch`` on a class folder with odd entries, as the instructor sees it (issue 14).

One odd entry (a damaged zip, a name that is not UTF-8 or holds a newline, code that raises
a lone surrogate, a report that cannot be written) used to stop the batch with a traceback,
no CSV and no summary, the same on every rerun. Each test here runs the real command on a
small class (three ordinary students and the odd entries) and checks what an instructor
observes: the exit status, no traceback, the CSV and the summary written, every ordinary
student's row and report exactly as a batch without the odd entries gives them, nothing in
any output that a terminal, a spreadsheet or the GitHub runner would act on. The last tests
inject faults of the grader and of its environment in-process (``run_batch``).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.batch import coordinator, entries
from grader.batch.coordinator import run_batch
from grader.batch.gradebook import Gradebook
from grader.grading.engine import grade
from grader.lesson.course import Course

from class_folder import own_answers
from mutated import mutant_module
from paths import ROOT

COURSE = Course(ROOT)
REFERENCE = ROOT / "solutions" / "prefill"
WRONG = mutant_module(COURSE.lesson("prefill"), "forgot_factor_2", REFERENCE)
SOURCE = (REFERENCE / "prefill.py").read_bytes()
ORDINARY = ("alice", "carol", "dave")
# a raw control character, C1, a bidi control or a lone surrogate: nothing of the kind may reach an output
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@dataclass
class Batch:
    code: int
    stdout: str
    stderr: str
    csv_text: str
    table: dict[str, dict[str, str]]  # student -> CSV row
    reports: dict[str, str]  # report file name -> text
    rows: dict[str, tuple]  # student -> (status, score, reason) in the gradebook


def ordinary_class(folder: Path) -> Path:
    folder.mkdir(parents=True)
    shutil.copytree(REFERENCE, folder / "alice", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(WRONG, folder / "carol.py")
    with zipfile.ZipFile(folder / "dave.zip", "w") as zf:
        zf.write(REFERENCE / "prefill.py", "dave/prefill.py")
        zf.write(REFERENCE / "answers.toml", "dave/answers.toml")
    return folder


def grade_class(folder: Path, work: Path) -> Batch:
    work.mkdir(exist_ok=True)
    command = [sys.executable, "-m", "grader", "--course", str(ROOT), "batch", str(folder), "--lesson", "prefill",
               "--jobs", "2", "--gradebook", "gb.sqlite", "--csv", "out.csv", "--reports", "reports"]
    run = subprocess.run(command, cwd=work, capture_output=True, timeout=600, check=False)
    stdout, stderr = run.stdout.decode("utf-8"), run.stderr.decode("utf-8")
    assert "Traceback" not in stderr, stderr
    csv_text = (work / "out.csv").read_bytes().decode("utf-8")
    table = {row["student"]: row for row in csv.DictReader(io.StringIO(csv_text, newline=""))}
    reports = {path.name: path.read_text(encoding="utf-8") for path in (work / "reports").iterdir()
               if path.is_file()}
    with sqlite3.connect(work / "gb.sqlite") as db:
        rows = {r[0]: r[1:] for r in db.execute("SELECT student, status, score, reason FROM submissions")}
    return Batch(run.returncode, stdout, stderr, csv_text, table, reports, rows)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Batch:
    """The ordinary students alone: what every batch below must give them, unchanged."""
    work = tmp_path_factory.mktemp("baseline")
    batch = grade_class(ordinary_class(work / "class"), work / "run")
    assert batch.code == 0 and sorted(batch.table) == sorted(ORDINARY)
    return batch


def assert_ordinary_rows_intact(batch: Batch, baseline: Batch) -> None:
    for student in ORDINARY:
        assert batch.table[student] == baseline.table[student], student
        assert timeless(batch.reports[f"{student}.json"]) == timeless(baseline.reports[f"{student}.json"]), student
    assert "totals (out of 17)" in batch.stdout  # the summary was written, tables and all


def timeless(report: str) -> dict:
    """A JSON report but for how long grading took."""
    data = json.loads(report)
    data.pop("execution_time")
    return data


def assert_inert(batch: Batch) -> None:
    """No raw control character anywhere; no summary line the GitHub runner would obey."""
    for what, text in (("summary", batch.stdout), ("stderr", batch.stderr),
                       ("csv", batch.csv_text.replace("\r\n", "\n")),
                       *((f"report {name}", text) for name, text in batch.reports.items())):
        assert not RAW.search(text), (what, ascii(RAW.search(text).group()))
    for line in batch.stdout.splitlines():
        assert not line.lstrip().startswith("::") and "##[" not in line, line
    for name, text in batch.reports.items():
        assert len(name.encode()) <= 100 and not RAW.search(name) and "/" not in name, ascii(name)
        data = json.loads(text)
        assert not any(RAW.search(s) for s in strings(data)), name  # nor once the JSON is decoded
    for student, (_, _, reason) in batch.rows.items():
        assert not RAW.search(student) and not RAW.search(reason.replace("\n", " ")), ascii(student)


def strings(value):
    if isinstance(value, str):
        yield value.replace("\n", " ").replace("\t", " ")
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def damaged(path: Path, compression: int, skip: int) -> None:
    with zipfile.ZipFile(path, "w", compression) as zf:
        zf.writestr("prefill.py", SOURCE)
    data = bytearray(path.read_bytes())
    start = 30 + len("prefill.py") + skip
    data[start:start + 8] = bytes(b ^ 0xA5 for b in data[start:start + 8])
    path.write_bytes(bytes(data))


def test_damaged_and_hostile_zips_are_refused_rows_and_the_class_is_graded(tmp_path, baseline):
    folder = ordinary_class(tmp_path / "class")
    damaged(folder / "bob-deflate.zip", zipfile.ZIP_DEFLATED, 9)
    damaged(folder / "bob-lzma.zip", zipfile.ZIP_LZMA, 6)
    damaged(folder / "bob-bz2.zip", zipfile.ZIP_BZIP2, 0)
    with zipfile.ZipFile(folder / "bob-utf8.zip", "w") as zf:
        zf.writestr("prefill.py", SOURCE)
    data = bytearray((folder / "bob-utf8.zip").read_bytes().replace(b"prefill.py", b"pref\xffll.py"))
    data[data.rindex(b"PK\x01\x02") + 9] |= 0x08  # "the name is UTF-8", in the central directory
    (folder / "bob-utf8.zip").write_bytes(bytes(data))
    with zipfile.ZipFile(folder / "bob-deep.zip", "w") as zf:
        zf.writestr("/".join(["d"] * 1500) + "/prefill.py", SOURCE)

    batch = grade_class(folder, tmp_path / "run")
    assert batch.code == 0  # every student has a grade or a final refusal
    for kind in ("deflate", "lzma", "bz2", "utf8", "deep"):
        row = batch.table[f"bob-{kind}"]
        assert row["status"] == "refused" and row["total"] == "0", row
        assert f"bob-{kind}.zip" in row["note"] and f"bob-{kind} (refused): bob-{kind}.zip: " in batch.stdout
    assert_ordinary_rows_intact(batch, baseline)
    assert_inert(batch)


def test_odd_names_are_graded_under_a_safe_form_and_two_forms_of_one_name_conflict(tmp_path, baseline,
                                                                                    deep_folder):
    folder = ordinary_class(tmp_path / "class")
    odd = {os.fsdecode(b"caf\xe9"): "caf\\xe9", "zed\nfake line": "zed\\nfake line", "ev\u202eil": "evil",
           "esc\x1b]0;owned\x07\x1b[2J": "esc\\x1b]0;owned\\x07\\x1b[2J", "x" * 248: "x" * 248,
           "x;=1+2": "x;=1+2", " =2+3": " =2+3", "::error::owned": "::error::owned", "a##[warning]b": "a##[warning]b"}
    for name in odd:
        (folder / f"{name}.py").write_bytes(SOURCE)
    (folder / "Jos\u00e9.py").write_bytes(SOURCE)  # NFC
    (folder / "Jose\u0301.py").write_bytes(SOURCE)  # NFD: the same student
    os.symlink("loop", folder / "loop")
    deep_folder(folder / "deep", 1500, {"prefill.py": SOURCE})

    batch = grade_class(folder, tmp_path / "run")
    assert batch.code == 0
    for shown_as in odd.values():  # a 248-character name too: an id may be as long as a file name allows
        assert batch.rows[shown_as][0] == "graded", shown_as
    assert batch.rows["Jos\u00e9"][0] == "rejected" and "2 entries for this student" in batch.rows["Jos\u00e9"][2]
    assert batch.rows["loop"][0] == batch.rows["deep"][0] == "rejected"
    assert "' =2+3" in batch.table and "x;'=1+2" in batch.table  # a formula is not a formula, after a ; too
    assert '\r\n"x;\'=1+2",' in batch.csv_text
    graded = [s for s, row in batch.rows.items() if row[0] == "graded"]
    assert len(batch.reports) == len(graded)  # one report each: no two students share a file
    assert {"alice.json", "carol.json", "dave.json", "x;=1+2.json"} <= set(batch.reports)
    assert not any(line.startswith("fake line") for line in batch.stdout.splitlines())
    assert_ordinary_rows_intact(batch, baseline)
    assert_inert(batch)


HOSTILE_CODE = b'''
def causal_pairs(P):
    raise ValueError("\\ud800 and \\x1b]0;owned\\x07")

def causal_mask(P):
    print("\\x1b[2J::error::from the mask\\n##[error]again")
    return "\\x1b[31m::error file=x::owned\\n##[warning]y\\u202e"
'''


def test_student_code_raising_surrogates_or_returning_escapes_is_graded_and_recorded(tmp_path, baseline):
    folder = ordinary_class(tmp_path / "class")
    (folder / "mallory.py").write_bytes(SOURCE + HOSTILE_CODE)
    (folder / "trudy").mkdir()
    (folder / "trudy" / "prefill.py").write_bytes(SOURCE + HOSTILE_CODE)
    shutil.copyfile(REFERENCE / "answers.toml", folder / "trudy" / "answers.toml")
    own_answers(folder / "trudy" / "answers.toml", "trudy")

    batch = grade_class(folder, tmp_path / "run")
    assert batch.code == 0
    for student, entry in (("mallory", folder / "mallory.py"), ("trudy", folder / "trudy")):
        single = grade(entry, lesson="prefill", course=COURSE, student=student)  # what `grader grade` gives it
        assert batch.rows[student][:2] == ("graded", single.score), student
        assert batch.table[student]["causal_pairs"] == batch.table[student]["causal_mask"] == "0"
    with sqlite3.connect(tmp_path / "run" / "gb.sqlite") as db:
        feedback = [r[0] for r in db.execute("SELECT feedback FROM task_scores WHERE student = 'mallory'")]
        report = db.execute("SELECT report FROM submissions WHERE student = 'mallory'").fetchone()[0]
    assert any("\ufffd" in text for text in feedback)  # the lone surrogate, as the character it stands for
    assert not any(RAW.search(text.replace("\n", " ")) for text in feedback)
    assert not any(RAW.search(s) for s in strings(json.loads(report)))
    assert_ordinary_rows_intact(batch, baseline)
    assert_inert(batch)


def test_a_report_that_cannot_be_written_is_a_failure_of_the_environment_retried_next_run(tmp_path, baseline):
    folder = ordinary_class(tmp_path / "class")
    (folder / "bob.py").write_bytes(SOURCE)
    blocked = tmp_path / "run" / "reports" / "bob.json"
    blocked.mkdir(parents=True)  # what a full or broken disk does to one file, made reproducible

    batch = grade_class(folder, tmp_path / "run")
    assert batch.code == 1  # grading failed for some: rerun
    assert batch.rows["bob"][0] == "error" and "report" in batch.rows["bob"][2]
    assert batch.table["bob"]["status"] == "failed" and batch.table["bob"]["total"] == ""  # not a zero
    assert "bob (failed): " in batch.stdout
    for student in ORDINARY:
        assert batch.table[student] == baseline.table[student]
    blocked.rmdir()
    again = grade_class(folder, tmp_path / "run")
    assert again.code == 0 and again.rows["bob"][:2] == ("graded", 13.0)  # a module alone: no answers
    assert json.loads(again.reports["bob.json"])["score"] == 13.0


def in_process(folder: Path, work: Path) -> tuple:
    out = io.StringIO()
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=work / "gb.sqlite", jobs=1,
                       reports=work / "reports", csv=work / "out.csv", out=out)
    with (work / "out.csv").open(newline="") as stream:
        table = {row["student"]: row for row in csv.DictReader(stream)}
    return result, out.getvalue(), table


def test_an_unexpected_fault_of_the_grader_is_that_entrys_error_row_and_the_batch_goes_on(tmp_path, baseline,
                                                                                         monkeypatch):
    folder = ordinary_class(tmp_path / "class")
    (folder / "bob.py").write_bytes(SOURCE)
    real_prepare = entries.prepare

    def prepare(student, sources, scratch, *options, **named):
        if student == "bob":
            raise RuntimeError("a bug in the grader's own code")
        return real_prepare(student, sources, scratch, *options, **named)

    monkeypatch.setattr(coordinator.entries, "prepare", prepare)
    result, summary, table = in_process(folder, tmp_path)
    assert not result.complete
    assert table["bob"]["status"] == "failed" and table["bob"]["total"] == ""  # never the student's zero
    assert "internal error" in table["bob"]["note"] and "not of the submission" in table["bob"]["note"]
    assert "bob (failed): internal error" in summary
    assert all(table[s] == baseline.table[s] for s in ORDINARY)


def test_a_gradebook_that_cannot_record_one_row_still_gives_every_other_row_and_the_summary(tmp_path, baseline,
                                                                                           monkeypatch):
    folder = ordinary_class(tmp_path / "class")
    (folder / "bob.py").write_bytes(SOURCE)
    real_record = Gradebook.record

    def record(self, lesson, version, source, content_hash, outcome, *more):
        if outcome.student == "bob":
            raise sqlite3.OperationalError("disk I/O error")
        return real_record(self, lesson, version, source, content_hash, outcome, *more)

    monkeypatch.setattr(Gradebook, "record", record)
    result, summary, table = in_process(folder, tmp_path)
    assert not result.complete and "bob" not in table
    assert "bob (failed): " in summary and "disk I/O error" in summary
    assert summary.startswith("prefill: 4 submissions, 3 graded, 1 failed")
    assert all(table[s] == baseline.table[s] for s in ORDINARY)


def test_a_csv_that_cannot_be_written_is_said_in_the_summary_after_every_grade_is_kept(tmp_path):
    folder = ordinary_class(tmp_path / "class")
    (tmp_path / "out.csv").mkdir()  # in the way of the export
    out = io.StringIO()
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=tmp_path / "gb.sqlite", jobs=1,
                       csv=tmp_path / "out.csv", out=out)
    assert not result.complete  # `grader batch` exits 1: rerun, or export later with `grader gradebook export`
    assert "totals (out of 17)" in out.getvalue()
    assert out.getvalue().rstrip().splitlines()[-1].startswith("the CSV export was not written: cannot write ")
    with sqlite3.connect(tmp_path / "gb.sqlite") as db:
        assert db.execute("SELECT count(*) FROM submissions WHERE status = 'graded'").fetchone()[0] == 3
