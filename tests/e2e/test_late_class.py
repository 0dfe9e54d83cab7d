"""A Canvas export graded under a due date, a late penalty and two extensions: penalties as computed by hand.

Five students hand in the reference (17 of 17 each, their own answers), at times set on the files as an
extraction keeps them; two carry Canvas's ``LATE_``; two have an extension in the roster (one a length,
one a new due time); a sixth on the roster hands in nothing. The policy: 10% of the maximum per started
day, at most 30%, a grace of 15 minutes. By hand, from the due time 2026-03-02 23:59 +01:00:

- 12345 (John), an hour early: on time, 0 taken, 17;
- 23456 (Jane, LATE_), 30 h late: two started days, 20% of 17 = 3.4 taken, 13.6;
- 34567 (Ada, LATE_), 30 h late but 48h of extension: on time for her, 17;
- 45678 (Bob), 5 days late, extended to 2026-03-03 23:59 +01:00: 4 days late, 40% capped at 30%: 5.1, 11.9;
- 56789 (Cy), 10 minutes late: within the grace, 17;
- 67890 (Dee): missing.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import io
import os
import shutil
import sqlite3

from grader.cli import main

from class_folder import own_answers
from paths import ROOT

REFERENCE = ROOT / "solutions" / "prefill"
DUE = dt.datetime(2026, 3, 2, 23, 59, tzinfo=dt.timezone(dt.timedelta(hours=1)))
LATE_POLICY = """
[late]
zone = "Europe/Paris"

[late.prefill]
due = 2026-03-02T23:59:00+01:00
per = "day"
fraction = 0.1
cap = 0.3
grace_minutes = 15
"""
HANDED = {  # Canvas's name of each student's files -> when they were handed in, after the due time
    "smithjohn_12345": -dt.timedelta(hours=1), "doejane_LATE_23456": dt.timedelta(hours=30),
    "loveada_LATE_34567": dt.timedelta(hours=30), "bakerbob_45678": dt.timedelta(days=5),
    "cy_56789": dt.timedelta(minutes=10)}
ROSTER = """\
id,name,section,canvas_id,sis_user_id,extension
12345,John Smith,A,12345,S1,
23456,Jane Doe,A,23456,S2,
34567,Ada Love,B,34567,S3,48h
45678,Bob Baker,B,45678,S4,2026-03-03T23:59:00+01:00
56789,Cy,B,56789,S5,
67890,Dee Absent,A,67890,S6,
"""
BY_HAND = {  # roster id -> (hours late, penalty, final)
    "12345": ("0", "0", "17"), "23456": ("30", "3.4", "13.6"), "34567": ("0", "0", "17"),
    "45678": ("96", "5.1", "11.9"), "56789": ("0", "0", "17")}


def course(tmp_path):
    root = tmp_path / "course"
    root.mkdir()
    for tree in ("suites", "solutions", "exercises"):
        os.symlink(ROOT / tree, root / tree)
    (root / "course.toml").write_text((ROOT / "course.toml").read_text(encoding="utf-8") + LATE_POLICY,
                                      encoding="utf-8")
    return root


def canvas_export(tmp_path):
    export = tmp_path / "submissions"
    export.mkdir()
    for file_id, (name, after) in enumerate(HANDED.items()):
        module = export / f"{name}_{1000 + 2 * file_id}_prefill.py"
        answers = export / f"{name}_{1001 + 2 * file_id}_answers.toml"
        shutil.copyfile(REFERENCE / "prefill.py", module)
        shutil.copyfile(REFERENCE / "answers.toml", answers)
        own_answers(answers, name.rsplit("_", 1)[-1])
        when = (DUE + after).timestamp()
        for path in (module, answers):
            os.utime(path, (when, when))
    return export


def run(*arguments: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(arguments))
    return status, out.getvalue()


def table(path) -> dict[str, dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as stream:
        return {row.get("id") or row.get("ID") or row["student"]: row for row in csv.DictReader(stream)}


def test_penalties_match_a_hand_computation_in_the_csv_the_gradebook_and_canvas_import(tmp_path):
    root, export, roster = course(tmp_path), canvas_export(tmp_path), tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book, grades, report = tmp_path / "gb.sqlite", tmp_path / "grades.csv", tmp_path / "class.html"
    status, _ = run("--course", str(root), "batch", str(export), "--jobs", "2", "--gradebook", str(book),
                    "--csv", str(grades), "--roster", str(roster), "--class-report", str(report))
    assert status == 0
    rows = table(grades)
    assert {i: (rows[i]["raw_total"], rows[i]["status"]) for i in BY_HAND} == {i: ("17", "graded") for i in BY_HAND}
    assert {i: (rows[i]["hours_late"], rows[i]["penalty"], rows[i]["final"]) for i in BY_HAND} == BY_HAND
    assert rows["67890"]["status"] == "missing" and rows["67890"]["final"] == ""
    assert rows["23456"]["submitted"] == "2026-03-04T04:59:00+00:00" and rows["23456"]["submitted_from"] == "file-time"
    assert (rows["34567"]["due"], rows["12345"]["due"]) == ("2026-03-04T23:59:00+01:00", "2026-03-02T23:59:00+01:00")

    with sqlite3.connect(book) as db:
        kept = {student: values for student, *values in db.execute(
            "SELECT student, score, penalty, final_score, lms_late, due_at, source FROM submissions")}
    assert kept["doejane_23456"][:5] == [17, 3.4, 13.6, 1, "2026-03-02T23:59:00+01:00"]  # Canvas's LATE_ kept
    assert kept["bakerbob_45678"][:5] == [17, 5.1, 11.9, 0, "2026-03-03T23:59:00+01:00"]  # his extension's due
    assert kept["loveada_34567"][1:4] == [0, 17, 1]  # late by Canvas's clock, on time with her extension
    assert kept["doejane_23456"][5].endswith("_prefill.py")  # the module graded names it, not answers.toml

    canvas = tmp_path / "canvas.csv"
    assert run("--course", str(root), "gradebook", "export", "--gradebook", str(book), "--csv", str(canvas),
               "--format", "canvas", "--assignment-id", "77")[0] == 0
    imported = table(canvas)
    column = "E1.2 · Lesson 2 of 6: Prefill (77)"  # the lesson's title and the assignment's Canvas id
    assert {i: imported[i][column] for i in BY_HAND} == {i: final for i, (_, _, final) in BY_HAND.items()}

    page = report.read_text(encoding="utf-8")
    assert "2 handed in late" in page and "30 h late, −3.40" in page and "4.0 days late, −5.10" in page
    assert "1 on the roster handed in nothing" in page and "Dee Absent (67890)" in page

    # an extension given after grading applies at the next run, without grading anyone again
    roster.write_text(ROSTER.replace("23456,Jane Doe,A,23456,S2,", "23456,Jane Doe,A,23456,S2,2d"), encoding="utf-8")
    status, out = run("--course", str(root), "batch", str(export), "--jobs", "1", "--gradebook", str(book),
                      "--csv", str(grades), "--roster", str(roster))
    assert status == 0 and "5 unchanged" in out
    assert (table(grades)["23456"]["penalty"], table(grades)["23456"]["final"]) == ("0", "17")
