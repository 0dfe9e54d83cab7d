"""The hostile-input corpus's class folders (tests/hostile/): odd entries between ordinary students,
graded in one batch per sandbox mode (a module fixture), and one batch holding every class of
trouble at once. One submission at a time is tests/e2e/test_hostile.py; what both share is
tests/hostile/running.py.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.batch.entries import student_of
from grader.exceptions import UsageError
from grader.lesson.course import Course
from grader.sandbox.inside.files import remove_tree

from class_folder import own_answers
from modes import require
from mutated import mutant_folder
from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
import cases as corpus
import cases_more
from running import (
    DEVICES,
    ENTRY_CASES,
    FULL,
    GRADE_CASES,
    MODES,
    RAW_CONTROL,
    grader,
    inert,
    no_deep_leftovers,  # noqa: F401 (autouse: removes what a case built, iteratively)
)

# ---------------------------------------------------------------------------- a class folder with odd entries

def ordinary(klass: Path) -> None:
    """Two ordinary students around the odd ones: the first and the last graded (names sort so), each
    answering Part 1 about their own numbers (a batch grades each id's)."""
    for name in ("aaaa-first", "zzzz-last"):
        own_answers(corpus._folder(klass / name) / "answers.toml", name)


def batch(klass: Path, tmp: Path, mode: str) -> tuple[subprocess.CompletedProcess, list[dict], Path]:
    table, reports = tmp / "grades.csv", tmp / "reports"
    run = grader("batch", str(klass), "--lesson", "prefill", "--jobs", "1", "--gradebook", str(tmp / "gb.sqlite"),
                 "--csv", str(table), "--reports", str(reports), mode=mode, cwd=tmp, timeout=1800)
    rows = []
    if table.is_file():
        with table.open(newline="", encoding="utf-8") as stream:
            rows = list(csv.DictReader(stream))
    return run, rows, reports


@dataclass
class Graded:
    """What one ``grader batch`` left: its process, the CSV's rows, the reports folder."""

    run: subprocess.CompletedProcess
    rows: list[dict]
    reports: Path


@pytest.fixture(scope="module", params=MODES)
def odd_class(request, tmp_path_factory):
    """One batch per sandbox mode: every entry case between two ordinary students."""
    require(request.param)
    tmp = tmp_path_factory.mktemp(f"odd-{request.param}")
    klass = tmp / "class"
    klass.mkdir()
    ordinary(klass)
    for case in ENTRY_CASES:
        case.build(klass)
    for answers in klass.glob("*/answers.toml"):  # a batch grades each id's own numbers: the ordinary answer theirs
        with contextlib.suppress(UsageError):  # a name that is no id: refused, whatever its answers
            own_answers(answers, student_of(answers.parent))
    before = set(os.listdir("/tmp"))
    yield Graded(*batch(klass, tmp, request.param))
    remove_tree(klass)  # holds folders 1500 levels deep (see _no_deep_leftovers)
    cases_more.forget_ipc()
    # limited mode has no /tmp of its own: what the /tmp-filling cases wrote there is this test's to remove
    for name in set(os.listdir("/tmp")) - before:
        if re.fullmatch(r"fill-\d+|d\d+", name) and os.path.isfile(f"/tmp/{name}"):
            os.unlink(f"/tmp/{name}")


def test_odd_entries_never_stop_the_class_and_are_rows_of_their_own(odd_class):
    run, rows = odd_class.run, odd_class.rows
    stderr, stdout = run.stderr.decode("utf-8", "replace"), run.stdout.decode("utf-8")
    assert b"Traceback" not in run.stderr, stderr
    assert run.returncode == 0, stdout + stderr
    assert rows, "no CSV was written"
    expected = len(ENTRY_CASES) + 2  # José in NFC and NFD is one student (a conflict), like every other case
    assert len(rows) == expected, [r["student"] for r in rows]
    by_status = {}
    for row in rows:
        by_status.setdefault(row["status"], []).append(row["student"])
    refused = sum(1 for c in ENTRY_CASES if c.status == "rejected")  # the CSV says "refused" (docs/class.md's word)
    assert len(by_status.get("refused", [])) == refused, by_status
    assert "failed" not in by_status, by_status  # nothing is the grader's fault here


def test_the_ordinary_students_around_them_are_graded_as_ever(odd_class):
    rows = odd_class.rows
    ordinary_rows = {r["student"]: r for r in rows if r["student"] in ("aaaa-first", "zzzz-last")}
    assert set(ordinary_rows) == {"aaaa-first", "zzzz-last"}
    for row in ordinary_rows.values():
        assert row["status"] == "graded" and float(row["total"]) == FULL, row


def test_the_summary_the_csv_and_the_report_files_are_inert(odd_class):
    run, rows, reports = odd_class.run, odd_class.rows, odd_class.reports
    inert(run.stdout.decode("utf-8"), "summary")
    inert(run.stderr.decode("utf-8", "replace"), "stderr")
    for row in rows:
        for name, cell in row.items():
            assert not RAW_CONTROL.search(cell or ""), (name, cell)
            first = (cell or "").lstrip()[:1]
            assert first not in ("=", "+", "-", "@") or (cell or "").startswith("'"), (name, cell)
    names = [p.name for p in reports.iterdir()] if reports.is_dir() else []
    assert len(names) == sum(1 for r in rows if r["status"] == "graded"), names
    assert len({name.lower() for name in names}) == len(names), names  # apart on a disk that ignores case
    for name in names:
        assert len(name.encode()) <= 120 and "/" not in name and not RAW_CONTROL.search(name), name
        assert name.split(".")[0].rstrip(" ").lower() not in DEVICES, name  # Windows can make each one
        name.encode("utf-8")


def test_the_students_graded_after_odd_entries_on_the_same_worker_keep_full_marks(odd_class):
    rows = {r["student"]: r for r in odd_class.rows}
    for case in ENTRY_CASES:
        if not case.full:
            continue
        student = _student_of(case)
        report = _instructor_report(odd_class, student)  # a student's copy names no sandbox (issue 24)
        if case.full == "own uid" and "stays root" in report.get("sandbox", ""):
            continue  # SECURITY.md: a worker without a uid of its own shares what it leaves
        assert rows[student]["status"] == "graded" and float(rows[student]["total"]) == FULL, (case.id, rows[student])


def _instructor_report(graded: Graded, student: str) -> dict:
    """The student's report as the gradebook keeps it for the instructor, the sandbox's description in it."""
    with contextlib.closing(sqlite3.connect(graded.reports.parent / "gb.sqlite")) as db:
        (text,) = db.execute("SELECT report FROM submissions WHERE student = ?", (student,)).fetchone()
    return json.loads(text)


def _student_of(case) -> str:
    """The student an entry case builds (entries with ``full`` are plain names: ``entry(name, ...)``)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        built = case.build(Path(folder))
        return built.stem if built.suffix else built.name


def test_the_summary_has_no_line_that_an_entry_name_made(odd_class):
    run = odd_class.run
    lines = run.stdout.decode("utf-8").splitlines()
    assert not any(line.startswith("yves") for line in lines)  # the name "zed (refused): ...\nyves" stays one line
    assert not any(line.strip().startswith("zed (refused): plagiarism found") for line in lines)


# ---------------------------------------------------------------------------- every kind of trouble at once

# ordinary students of a class: the reference and three realistic mistakes (mutants of the lesson)
MISTAKES = ("forgot_factor_2", "pairs_off_by_one", "transposed_mask")


def ordinary_class(klass: Path) -> set[str]:
    """The ordinary students: two references and three mistakes, copied in under their names."""
    lesson = Course(ROOT).lesson("prefill")
    ordinary(klass)
    for name in MISTAKES:
        shutil.copytree(mutant_folder(lesson, name, ROOT / "solutions" / "prefill"), klass / f"mmmm-{name}")
    return {"aaaa-first", "zzzz-last", *(f"mmmm-{name}" for name in MISTAKES)}


def test_a_class_with_every_kind_of_trouble_grades_its_ordinary_students_as_a_clean_class(tmp_path):
    """Every case of the corpus in one batch (two workers), beside ordinary students and mistakes:
    their rows are exactly those of the same students graded alone, and every odd entry is a row."""
    require("bubblewrap")
    clean, mixed = tmp_path / "clean", tmp_path / "mixed"
    clean.mkdir()
    mixed.mkdir()
    names = ordinary_class(clean)
    ordinary_class(mixed)
    for case in ENTRY_CASES:
        case.build(mixed)
    for case in GRADE_CASES:
        built = case.build(tmp_path / "built" / case.id)
        os.rename(os.fsencode(built), os.fsencode(mixed / f"case-{case.id}"))
    alone, together = (_two_jobs(klass, tmp_path / f"{klass.name}-out") for klass in (clean, mixed))
    for graded in (alone, together):
        assert b"Traceback" not in graded.run.stderr, graded.run.stderr.decode("utf-8", "replace")
        assert graded.run.returncode == 0, graded.run.stdout.decode() + graded.run.stderr.decode("utf-8", "replace")
    ordinary_rows = {r["student"]: r for r in alone.rows}
    assert set(ordinary_rows) == names
    assert all(float(ordinary_rows[s]["total"]) == FULL for s in ("aaaa-first", "zzzz-last")), ordinary_rows
    assert all(float(ordinary_rows[f"mmmm-{m}"]["total"]) < FULL for m in MISTAKES), ordinary_rows
    mixed_rows = {r["student"]: r for r in together.rows}
    assert {s: mixed_rows.get(s) for s in names} == ordinary_rows
    for case in GRADE_CASES:
        row = mixed_rows[f"case-{case.id}"]
        # graded, whatever the score, or refused as grader grade refuses it: never the grader's error
        assert row["status"] == ("refused" if case.exit else "graded"), row
    assert len(mixed_rows) == len(names) + len(GRADE_CASES) + len(ENTRY_CASES)
    inert(together.run.stdout.decode("utf-8"), "summary")


def _two_jobs(klass: Path, tmp: Path) -> Graded:
    tmp.mkdir()
    table, reports = tmp / "grades.csv", tmp / "reports"
    run = grader("batch", str(klass), "--lesson", "prefill", "--jobs", "2", "--gradebook", str(tmp / "gb.sqlite"),
                 "--csv", str(table), "--reports", str(reports), mode="bubblewrap", cwd=tmp, timeout=1800)
    with table.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    return Graded(run, rows, reports)
