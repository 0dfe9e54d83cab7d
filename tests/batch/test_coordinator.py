"""grader.batch.coordinator and ``grader batch``: a class graded once, resumed after SIGKILL, never duplicated.

Real submissions through the real GradingSession in local worker processes. The slow ones:
``test_a_batch_killed_with_sigkill_resumes_and_grades_everyone_exactly_once`` (about 10 s)
and the end-to-end class (a few seconds).
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.batch.coordinator import run_batch
from grader.cli import main
from grader.grading.engine import grade
from grader.grading.session import GradingSession
from grader.lesson.course import Course

from class_folder import own_answers, own_copy, place
from mutated import mutant_module
from paths import ROOT

COURSE = Course(ROOT)


def wrong(name: str) -> Path:
    """A mutant of prefill as the module file it stands for."""
    return mutant_module(COURSE.lesson("prefill"), name, ROOT / "solutions" / "prefill")


REFERENCE, STUBS = ROOT / "solutions" / "prefill", ROOT / "exercises" / "prefill"
SOURCES = [REFERENCE, STUBS, wrong("forgot_factor_2"), wrong("transposed_mask"),
           wrong("import_error"), wrong("pairs_off_by_one"), wrong("os_exit_in_causal_mask")]


@pytest.fixture(scope="module")
def single():
    """single(graded, student): the score ``grader grade --student`` gives what ``student`` handed in (their own
    numbers): what the batch must reproduce. One GradingSession (the same scores as grade, always) for all."""
    with GradingSession("prefill", COURSE) as session:
        yield functools.cache(lambda graded, student: session.grade(graded, student=student).score)


def make_class(folder: Path, count: int) -> dict[str, Path]:
    """``count`` students cycling through SOURCES (a folder with the student's own answers), every third
    one zipped; student -> what single grading grades of it (the folder with their answers, or the module)."""
    folder.mkdir()
    made = {}
    for i in range(count):
        student = f"s{i:03d}"
        source = SOURCES[i % len(SOURCES)]
        place(source, folder, student, zipped=i % 3 == 2)
        made[student] = own_copy(folder, student) if source.is_dir() else source
    return made


def rows(book: Path) -> list[tuple]:
    with sqlite3.connect(book) as db:
        query = "SELECT student, status, score, reason, graded_at FROM submissions ORDER BY student"
        return db.execute(query).fetchall()


def quiet() -> io.StringIO:
    return io.StringIO()


def test_a_class_is_graded_as_single_grading_and_bad_entries_get_rows(tmp_path, single):
    folder = tmp_path / "class"
    students = make_class(folder, 7)
    (folder / "bomb.zip").write_bytes(b"PK\x03\x04 truncated")
    (folder / "notes.txt").write_text("not a submission")
    (folder / "nb.ipynb").write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    place(REFERENCE, folder, "twice")
    place(wrong("forgot_factor_2"), folder, "twice")
    out = quiet()
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=tmp_path / "gb.sqlite", jobs=2,
                       reports=tmp_path / "reports",
                       csv=tmp_path / "grades.csv", out=out)
    found = {r[0]: r for r in rows(tmp_path / "gb.sqlite")}
    assert sorted(found) == sorted([*students, "bomb", "nb", "notes", "twice"])
    assert found["nb"][1] in ("graded", "rejected")  # a notebook gets its row, whatever the engine makes of it
    for student, graded in students.items():  # each with their own numbers, as grader grade --student grades
        assert found[student][1:3] == ("graded", single(graded, student)), student
    assert found["bomb"][1] == "rejected" and "not a readable zip archive" in found["bomb"][3]
    assert found["notes"][1] == "rejected" and "notes.txt: expected a folder" in found["notes"][3]
    assert found["twice"][1] == "rejected" and "2 entries for this student" in found["twice"][3]
    assert result.complete and result.graded_now == 7 + (found["nb"][1] == "graded")

    graded = [s for s, r in found.items() if r[1] == "graded"]
    assert sorted(p.stem for p in (tmp_path / "reports").iterdir()) == sorted(graded)
    report = json.loads((tmp_path / "reports" / "s000.json").read_text())
    assert report["score"] == single(students["s000"], "s000") == 17 and report["submission"] == "s000"
    with sqlite3.connect(tmp_path / "gb.sqlite") as db:  # the instructor's copy names the entry in full
        stored = {student: json.loads(text) for student, text in db.execute("SELECT student, report FROM submissions "
                                                                            "WHERE status = 'graded'")}
    for student, stored_report in stored.items():  # s002.zip, s004.py, s000/: the entry, not a scratch copy
        entry = Path(stored_report["submission"])
        assert entry.parent == folder and entry.name.split(".")[0] == student and entry.exists(), entry
    with (tmp_path / "grades.csv").open(newline="") as stream:
        table = list(csv.DictReader(stream))
    assert [r["student"] for r in table] == sorted(found)
    # the CSV rounds to 2 decimals for the LMS; the gradebook keeps single grading's precision
    s002 = next(r for r in table if r["student"] == "s002")
    assert float(s002["total"]) == round(single(students["s002"], "s002"), 2)
    assert out.getvalue().startswith("prefill: 11 submissions, ")
    assert "this run graded " in out.getvalue().splitlines()[0]


def test_a_rerun_skips_what_is_unchanged_and_regrades_what_changed(tmp_path):
    folder = tmp_path / "class"
    make_class(folder, 4)
    book = tmp_path / "gb.sqlite"
    run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=2, out=quiet())
    before = {r[0]: r for r in rows(book)}

    again = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=2, reports=tmp_path / "reports",
                      out=quiet())
    assert (again.graded_now, again.unchanged) == (0, 4)
    assert {r[0]: r for r in rows(book)} == before  # not even a timestamp moved
    assert len(list((tmp_path / "reports").iterdir())) == 4  # reports of unchanged grades, from the gradebook

    shutil.copyfile(wrong("forgot_factor_2"), folder / "s000" / "prefill.py")
    changed = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=2, out=quiet())
    assert (changed.graded_now, changed.unchanged) == (1, 3)
    changed_score = grade(folder / "s000", lesson="prefill", course=COURSE, student="s000").score
    assert {r[0]: r[2] for r in rows(book)}["s000"] == changed_score < 17
    regraded = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=2, regrade=True, out=quiet())
    assert regraded.graded_now == 4


def test_a_gradebook_and_reports_kept_in_the_class_folder_are_not_students(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "alice")
    for _ in range(2):
        run_batch(folder, COURSE, lesson="prefill", gradebook=folder / "gb.sqlite", reports=folder / "reports",
                  csv=folder / "grades.csv", class_report=folder / "class.html", jobs=1, out=quiet())
    assert [r[0] for r in rows(folder / "gb.sqlite")] == ["alice"]


def test_a_changed_suite_regrades_everyone(tmp_path):
    course_root = tmp_path / "course"
    for tree in ("suites", "solutions"):
        shutil.copytree(ROOT / tree, course_root / tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "course.toml", course_root / "course.toml")  # the term's salt
    course = Course(course_root)
    folder = tmp_path / "class"
    make_class(folder, 2)
    book = tmp_path / "gb.sqlite"
    run_batch(folder, course, lesson="prefill", gradebook=book, jobs=1, out=quiet())
    with (course_root / "suites" / "prefill" / "test_causal_mask.py").open("a") as stream:
        stream.write("\n# the instructor fixed a check\n")
    assert run_batch(folder, course, lesson="prefill", gradebook=book, jobs=1, out=quiet()).graded_now == 2


FLAKY = "fake_sessions:FlakySession"  # a spawned grading process imports its session by name


def test_a_failure_of_the_grader_is_a_row_with_its_reason_and_is_retried_next_run(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for student in ("alice", "flaky"):
        (folder / f"{student}.py").write_text("x = 1\n")
    book = tmp_path / "gb.sqlite"
    out = quiet()
    first = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=out)
    assert not first.complete
    assert [r[:4] for r in rows(book)] == [("alice", "graded", 1.0, ""),
                                           ("flaky", "error", None, "suites/prefill: pytest stopped with exit code 3")]
    assert "flaky (failed): suites/prefill: pytest stopped with exit code 3" in out.getvalue()
    second = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=quiet())
    assert second.complete and (second.graded_now, second.unchanged) == (1, 1)
    assert [r[:3] for r in rows(book)] == [("alice", "graded", 1.0), ("flaky", "graded", 1.0)]


def test_a_failure_after_a_grade_keeps_the_grade_and_says_so(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.py").write_text("x = 1\n")
    book = tmp_path / "gb.sqlite"
    run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=quiet())
    graded = rows(book)
    (folder / "alice.py").write_text("ALWAYS_FAIL\n")
    out = quiet()
    failed = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=out)
    assert rows(book) == graded  # the grade stays
    assert not failed.complete and failed.kept == [("alice", "suites/prefill: pytest stopped with exit code 3")]
    assert out.getvalue().splitlines()[0].endswith("this run graded 0, 0 unchanged since an earlier run, 1 failed "
                                                   "while an earlier grade stays")
    assert "alice (failed, earlier grade kept): suites/prefill" in out.getvalue()
    again = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=quiet())
    assert again.unchanged == 0 and again.kept  # the changed content is tried again, not skipped


def headline_counts(line: str) -> tuple[int, dict[str, int], dict[str, int]]:
    """(submissions, the gradebook's counts, this run's counts) as the summary's first line says them."""
    status, _, run = line.partition("; this run ")
    words = {"unchanged since an earlier run": "unchanged", "refused as a conflict (several entries for one student)":
             "conflict", "failed while an earlier grade stays": "kept", "refused": "refused", "failed": "failed"}
    this_run = {"graded": int(run.split(",")[0].removeprefix("graded "))}
    for part in run.split(", ")[1:]:
        count, _, word = part.partition(" ")
        this_run[words[word]] = int(count)
    gradebook = {}
    for part in status.split(", ")[1:]:
        count, _, word = part.partition(" ")
        gradebook[word.split(" ")[0]] = int(count)
    return int(status.split(": ")[1].split()[0]), gradebook, this_run


def test_the_counts_add_up_for_a_class_that_holds_every_kind_of_entry(tmp_path):
    """Issue 16: "30 submissions ... graded 1, 28 unchanged" lost an entry. Every entry is now counted once
    in the gradebook's partition (graded, refused, failed) and once in this run's."""
    folder = tmp_path / "class"
    folder.mkdir()
    for student, text in (("alice", "x = 1\n"), ("bob", "x = 1\n"), ("carol", "x = 1\n"), ("dave", "ALWAYS_FAIL\n"),
                          ("twice", "x = 1\n")):
        (folder / f"{student}.py").write_text(text)
    (folder / "twice.ipynb").write_text("{}")  # two entries of one student: a conflict
    (folder / "broken.zip").write_bytes(b"PK\x03\x04 cut off")
    book = tmp_path / "gb.sqlite"
    first = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=quiet())
    assert first.this_run == {"alice": "graded", "bob": "graded", "carol": "graded", "dave": "failed",
                              "twice": "conflict", "broken": "refused"}

    (folder / "bob.py").write_text("x = 2\n")  # changed: graded again
    (folder / "carol.py").write_text("ALWAYS_FAIL\n")  # changed, and its grading fails: the earlier grade stays
    (folder / "erin.py").write_text("x = 1\n")  # new
    (folder / "notes.txt").write_text("not a submission")  # new, refused
    out = quiet()
    second = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=FLAKY, out=out)
    assert second.this_run == {"alice": "unchanged", "broken": "unchanged", "bob": "graded", "erin": "graded",
                               "carol": "kept", "dave": "failed", "twice": "conflict", "notes": "refused"}
    line = out.getvalue().splitlines()[0]
    total, gradebook, this_run = headline_counts(line)
    entries = len(second.students)
    assert total == entries == 8 == second.summary.submissions
    assert sum(gradebook.values()) == entries and gradebook == {"graded": 4, "refused": 3, "failed": 1}
    assert sum(this_run.values()) == entries
    assert this_run == {"graded": 2, "unchanged": 2, "refused": 1, "conflict": 1, "failed": 1, "kept": 1}
    assert (second.graded_now, second.unchanged) == (2, 2)


def test_a_batch_killed_with_sigkill_resumes_and_grades_everyone_exactly_once(tmp_path, single):
    import psutil

    folder = tmp_path / "class"
    students = make_class(folder, 40)
    book = tmp_path / "gb.sqlite"
    command = [sys.executable, "-m", "grader", "--course", str(ROOT), "batch", str(folder), "--lesson", "prefill",
               "--jobs", "2", "--gradebook", str(book)]
    batch = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 90
    written = 0
    workers = []
    while written < 3 and time.monotonic() < deadline and batch.poll() is None:
        try:
            workers = psutil.Process(batch.pid).children() or workers
            with sqlite3.connect(f"file:{book}?mode=ro", uri=True, timeout=5) as db:
                written = db.execute("SELECT count(*) FROM submissions").fetchone()[0]
        except (sqlite3.OperationalError, psutil.NoSuchProcess):
            pass
        time.sleep(0.005)
    os.kill(batch.pid, signal.SIGKILL)
    assert batch.wait(timeout=30) == -signal.SIGKILL, batch.stderr.read().decode()
    survivors = rows(book)
    assert 3 <= len(survivors) < 40, "the kill came too late to test anything"
    psutil.wait_procs(workers, timeout=10)
    assert not [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE], \
        "grading workers outlived their coordinator"
    with sqlite3.connect(book) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    resumed = subprocess.run(command, check=False, cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert resumed.returncode == 0, resumed.stderr
    assert f"this run graded {40 - len(survivors)}, {len(survivors)} unchanged" in resumed.stdout
    final = rows(book)
    with sqlite3.connect(book) as db:
        assert db.execute("SELECT count(*) FROM task_scores").fetchone()[0] == 40 * len(COURSE.lesson("prefill").tasks)
    assert [r[0] for r in final] == sorted(students)  # everyone, exactly once (students are unique here)
    assert all(r[1] == "graded" for r in final)
    assert {r[0]: r[2] for r in final} == {s: single(graded, s) for s, graded in students.items()}
    assert set(survivors) <= set(final)  # rows written before the kill were kept as they were


def test_bad_command_lines_are_one_line_errors(tmp_path, capsys):
    (tmp_path / "class").mkdir()
    (tmp_path / "notes.sqlite").write_text("not sqlite " * 20)
    cases = [
        (["batch", str(tmp_path / "nowhere")], "not a folder of submissions"),
        (["batch", str(tmp_path / "class"), "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["batch", str(tmp_path / "class"), "--executor", "dask"], "--executor dask needs --scheduler"),
        (["batch", str(tmp_path / "class"), "--executor", "ray"], "unknown executor 'ray'"),
        (["batch", str(tmp_path / "class"), "--scheduler", "tcp://x:1"], "--scheduler is for --executor dask"),
        (["batch", str(tmp_path / "class"), "--lesson", "prefill", "--gradebook", str(tmp_path / "notes.sqlite")],
         "not a gradebook"),
        (["batch", str(tmp_path / "class"), "--lesson", "decode"], "unknown lesson 'decode'"),
        (["batch", str(tmp_path / "class"), "--reports", str(tmp_path / "notes.sqlite" / "r")], "cannot create"),
        (["gradebook", "export", "--csv", str(tmp_path / "g.csv"), "--gradebook", str(tmp_path / "none.sqlite")],
         "no gradebook there"),
        (["gradebook", "export"], "the following arguments are required: --csv"),
    ]
    for argv, message in cases:
        assert main(["--course", str(ROOT), *argv]) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("grader: ") and message in err and err.count("\n") == 1, (argv, err)


def test_gradebook_export_writes_the_lms_table(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "alice")
    book = tmp_path / "gb.sqlite"
    assert main(["--course", str(ROOT), "batch", str(folder), "--lesson", "prefill", "--jobs", "1",
                 "--gradebook", str(book)]) == 0
    capsys.readouterr()
    assert main(["gradebook", "export", "--gradebook", str(book), "--csv", str(tmp_path / "g.csv")]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path / 'g.csv'}: 1 students\n"
    header, alice = (tmp_path / "g.csv").read_text().splitlines()
    assert header.split(",")[0] == "student" and header.split(",")[-4:] == ["total", "max", "status", "note"]
    assert alice.startswith("alice,") and alice.endswith(",17,17,graded,")


# ---------------------------------------------------------------------------- --solutions: no check without its truth

def test_a_solutions_tree_grades_the_class_as_the_lesson_folder_does(tmp_path):
    """Issue 16: a tree skipped every check comparing with the reference, and the CSV said 3/3 for a wrong one."""
    folder = tmp_path / "class"
    folder.mkdir()
    place(wrong("multiplied_by_utilization"), folder, "mu")
    scores = {}
    for name, solutions in (("folder", ROOT / "solutions" / "prefill"), ("tree", ROOT / "solutions")):
        table = tmp_path / f"{name}.csv"
        run_batch(folder, COURSE, lesson="prefill", gradebook=tmp_path / f"{name}.sqlite", jobs=1, csv=table,
                  solutions=solutions, out=quiet())
        (row,) = csv.DictReader(table.open(encoding="utf-8"))
        scores[name] = float(row["prefill_seconds"])
    assert scores["tree"] == scores["folder"] < 3, scores


def test_a_batch_with_solutions_it_cannot_use_stops_before_anything_is_written(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "ada")
    code = main(["batch", str(folder), "--lesson", "prefill", "--solutions", str(tmp_path / "nowhere"),
                 "--gradebook", str(tmp_path / "gb.sqlite"), "--csv", str(tmp_path / "grades.csv")])
    assert code == 3
    (line,) = capsys.readouterr().err.splitlines()
    assert "--solutions" in line and "a tree holding prefill/" in line
    assert not (tmp_path / "gb.sqlite").exists() and not (tmp_path / "grades.csv").exists()


# ---------------------------------------------------------------------------- which lesson; entries as they arrive

def batch_csv(tmp_path: Path, folder: Path, *options: str) -> tuple[int, list[dict], str]:
    """``grader batch`` as an instructor runs it in this two-lesson course: exit status, CSV rows, stdout."""
    book, table = tmp_path / "gb.sqlite", tmp_path / "grades.csv"
    out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        status = main(["--course", str(ROOT), "batch", str(folder), "--jobs", "1", "--gradebook", str(book),
                       "--csv", str(table), *options])
    if not table.exists():
        return status, [], out.getvalue()
    with table.open(newline="") as stream:
        return status, list(csv.DictReader(stream)), out.getvalue()


def test_batch_infers_the_lesson_from_the_entries_files_as_grade_does(tmp_path, capsys):
    """Folders holding prefill.py in a course of two lessons: graded as prefill, not 'pass --lesson'."""
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "alice")
    place(wrong("forgot_factor_2"), folder, "bob", zipped=True)
    (folder / "carol").mkdir()  # only the answers: names no lesson, follows the others
    shutil.copyfile(REFERENCE / "answers.toml", folder / "carol" / "answers.toml")
    own_answers(folder / "carol" / "answers.toml", "carol")
    status, table, _ = batch_csv(tmp_path, folder)
    assert status == 0, capsys.readouterr().err
    bob = round(grade(wrong("forgot_factor_2"), lesson="prefill", course=COURSE, student="bob").score, 2)
    assert {r["student"]: float(r["total"]) for r in table} == {"alice": 17, "bob": bob, "carol": 4}
    assert "prefill_flops" in table[0]


def test_batch_of_entries_for_two_lessons_asks_which(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "alice")
    place(ROOT / "solutions" / "latency", folder, "bob")
    status, _, _ = batch_csv(tmp_path, folder)
    err = capsys.readouterr().err
    assert status == 2 and "several lessons (latency: bob; prefill: alice)" in err and "--lesson" in err
    status, table, _ = batch_csv(tmp_path, folder, "--lesson", "latency")
    assert status == 0 and {r["student"]: r["status"] for r in table} == {"alice": "graded", "bob": "graded"}


def test_batch_of_files_named_after_students_grades_the_courses_first_lesson_and_says_so(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    place(wrong("forgot_factor_2"), folder, "alice")  # alice.py: its name is the student's, not a lesson's
    status, table, out = batch_csv(tmp_path, folder)
    assert status == 0 and table[0]["student"] == "alice" and "prefill_flops" in table[0]
    assert out.startswith("grading lesson prefill (chosen as for 'grader grade': pass --lesson for another)\n")


def test_two_entries_of_one_student_are_resolved_by_keep_newest(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    place(STUBS, folder, "alice")
    place(REFERENCE, folder, "alice", zipped=True)
    old = 946_684_800  # 2000-01-01: older than the zip's members, whenever this checkout was made
    for path in (folder / "alice").iterdir():
        os.utime(path, (old, old))
    status, table, _ = batch_csv(tmp_path, folder)
    assert status == 0 and table[0]["status"] == "refused" and table[0]["total"] == "0"
    assert table[0]["note"] == "2 entries for this student (alice, alice.zip); keep one, or pass --keep newest to " \
                               "grade the newest"
    status, table, _ = batch_csv(tmp_path, folder, "--keep", "newest")
    assert status == 0 and (table[0]["status"], table[0]["total"]) == ("graded", "17"), capsys.readouterr().err


def test_the_csv_speaks_the_readmes_words_rounds_totals_and_names_students_without_suffixes(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "alice")
    (folder / "henry.txt").write_text("my answers are in the email")
    thirds = place(REFERENCE, folder, "ivy")
    shutil.copyfile(wrong("mutates_input"), thirds / "prefill.py")  # 16.571429 out of 17: a ragged total
    status, table, _ = batch_csv(tmp_path, folder)
    rows_by = {r["student"]: r for r in table}
    assert status == 0 and sorted(rows_by) == ["alice", "henry", "ivy"]
    assert rows_by["henry"]["status"] == "refused" and "henry.txt: expected a folder" in rows_by["henry"]["note"]
    assert rows_by["alice"]["status"] == "graded"
    full = grade(thirds, lesson="prefill", course=COURSE, student="ivy").score
    assert full != round(full, 2) and rows_by["ivy"]["total"] == f"{full:.2f}".rstrip("0").rstrip(".")
    with sqlite3.connect(tmp_path / "gb.sqlite") as db:
        assert db.execute("SELECT score FROM submissions WHERE student = 'ivy'").fetchone()[0] == full
