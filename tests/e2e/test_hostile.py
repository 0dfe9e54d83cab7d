"""The hostile-input corpus (tests/hostile/): what an instructor observes when a submission is odd.

For every case: the command's exit status, no traceback, no raw control character and no line
a GitHub runner would execute in any output, no hidden input in a student's report, and the
tasks the case does not touch still graded. Cases that run student code are graded in both
sandbox modes. Entries of a class folder are graded in one batch per mode, between two
ordinary students whose rows must come out exactly as in a class without the odd entries;
and one batch holds every class of trouble at once (``test_a_class_with_every_kind_of_trouble``).
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
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.lesson.course import Course
from grader.sandbox.inside.files import remove_tree

from modes import require
from mutated import mutant_folder
from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
import cases as corpus
import cases_more

MODES = ("bubblewrap", "limited")
FORMATS = {"json": "json", "text": "txt", "markdown": "md", "junit": "xml", "gradescope": "gs.json",
           "github": "gh", "html": "html"}
# raw controls, line and paragraph separators, surrogates, and the invisible: bidirectional controls,
# zero-width spaces and joiners, the word joiner, soft hyphens, BOM, tag characters
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                         "\ud800-\udfff\U000e0000-\U000e007f]")
CASES = corpus.CASES + cases_more.CASES
GRADE_CASES = [c for c in CASES if c.kind == "grade"]
ENTRY_CASES = [c for c in CASES if c.kind == "entry"]
DEVICES = {"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))}
FULL = 17.0


def grader(*args: str, mode: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "GRADER_SANDBOX": mode}
    return subprocess.run([sys.executable, "-m", "grader", "--course", str(ROOT), *args], cwd=cwd, env=env,
                          capture_output=True, timeout=timeout, check=False)


def inert(text: str, where: str, own_commands: bool = False) -> None:
    """No raw control character and no line the GitHub runner would execute."""
    assert not RAW_CONTROL.search(text), f"{where}: raw control character"
    for line in text.splitlines():
        stripped = line.lstrip()
        if own_commands and re.match(r"::(error|warning|notice) [^\n]*::", stripped):
            continue
        assert not stripped.startswith("::"), f"{where}: runner command {line[:120]!r}"
    assert "##[" not in text, f"{where}: legacy runner command"


def modes_for(case) -> list[str]:
    return list(MODES) if case.runs_code else ["bubblewrap"]


@pytest.fixture(autouse=True)
def _no_deep_leftovers(request):
    """Some cases build folders 1500 levels deep, and pytest removes old temporary folders with
    shutil.rmtree, which recurses: a later session (anyone's, on a shared machine) would end in a
    RecursionError. What a test built is removed here, iteratively (grader's own remove_tree)."""
    tmp = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if tmp is not None:
        for built in ("in", "mixed", "built"):
            remove_tree(tmp / built)


# ---------------------------------------------------------------------------- one submission at a time

@pytest.mark.parametrize("case, mode", [(c, m) for c in GRADE_CASES for m in modes_for(c)],
                         ids=[f"{c.klass}-{c.id}-{m}" for c in GRADE_CASES for m in modes_for(c)])
def test_a_hostile_submission_is_graded_and_shown_inert(case, mode, tmp_path):
    require(mode)
    submission = case.build(tmp_path / "in")
    out = tmp_path / "out"
    out.mkdir()
    specs = [f"--format={name}:{out / ('student.' + ext)}" for name, ext in FORMATS.items()]
    def student_run() -> tuple[subprocess.CompletedProcess, float]:
        started = time.monotonic()
        run = grader("grade", os.fsdecode(submission), "--lesson", "prefill", *specs, mode=mode, cwd=tmp_path)
        return run, time.monotonic() - started

    def teacher_run() -> subprocess.CompletedProcess:
        return grader("grade", os.fsdecode(submission), "--lesson", "prefill", "--audience", "instructor",
                      f"--format=json:{out / 'instructor.json'}", f"--format=text:{out / 'instructor.txt'}",
                      mode=mode, cwd=tmp_path)

    if case.klass == 5:  # time without a bound: both runs spend theirs waiting, so they wait together
        with ThreadPoolExecutor(2) as pool:
            teaching = pool.submit(teacher_run)
            student, elapsed = student_run()
            teacher = teaching.result()
    else:  # the others use the CPU: one at a time, as a student's grade runs
        (student, elapsed), teacher = student_run(), teacher_run()
    for run in (student, teacher):
        stderr = run.stderr.decode("utf-8", "replace")
        assert run.returncode == case.exit, stderr
        assert b"Traceback" not in run.stderr, stderr
    assert elapsed < case.within, f"{case.id} took {elapsed:.0f} s"
    if case.exit:  # refused: one line saying why, inert, and nothing graded
        said = student.stderr.decode("utf-8")
        assert len(said.strip().splitlines()) == 1, said
        inert(said, f"{case.id}: stderr")
        return
    for path in sorted(out.iterdir()):
        text = path.read_bytes().decode("utf-8")  # valid UTF-8, or this raises
        inert(text, f"{case.id}: {path.name}", own_commands=path.suffix == ".gh")
    report = json.loads((out / "student.json").read_text(encoding="utf-8"))
    student_text = "".join((out / f"student.{ext}").read_text(encoding="utf-8") for ext in FORMATS.values())
    for secret in case.never:
        assert secret not in student_text, f"{case.id}: {secret!r} reached a student's report"
    hidden = [c for t in report["tasks"] for c in t["checks"] if c["visibility"] != "visible" and not c["passed"]]
    assert hidden or not case.secret, f"{case.id}: no hidden check failed, so nothing was tested"
    for check in hidden:
        for secret in case.secret:
            assert secret not in check["message"], f"{case.id}: a hidden check told the student {check['message']!r}"
    scores = {t["id"]: (t["score"], t["max_score"]) for t in report["tasks"]}
    for task in case.keeps:
        assert scores[task][0] == scores[task][1], f"{case.id}: {task} lost points it should keep: {scores[task]}"
    ET_parse(out / "student.xml")
    json.loads((out / "student.gs.json").read_text(encoding="utf-8"))


def ET_parse(path: Path) -> None:
    import xml.etree.ElementTree as ET

    ET.parse(path)


# ---------------------------------------------------------------------------- a class folder with odd entries

def ordinary(klass: Path) -> None:
    """Two ordinary students around the odd ones: the first and the last graded (names sort so)."""
    for name in ("aaaa-first", "zzzz-last"):
        corpus._folder(klass / name)


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
