"""grader.batch.lms and the coordinator: a student's uploads read as the LMS wrote them (issue 25, class 4).

Canvas numbers files as they are uploaded and names a re-upload ``-N``: the final ``prefill.py`` lost
to an older ``prefill-2.py``. A zip among a student's uploaded files was copied, never opened: a
Canvas student who uploaded ``prefill.zip`` and ``answers.toml`` got 4/17. And an export's names
skipped the normalisation every other layout's pass: a name with a zero-width joiner came back from
its worker escaped and found no entry (a row with no source and no hash, regraded on every run, the
student counted twice); an NFD name stayed NFD. tests/batch/test_lms.py holds the rest.
"""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
import sqlite3
import unicodedata
import zipfile
from pathlib import Path

from grader.batch import lms
from grader.batch.coordinator import run_batch
from grader.batch.lms import FOLDER, canvas_groups, export_groups, gather
from grader.cli import main
from grader.lesson.course import Course

from class_folder import own_answers
from paths import ROOT

REFERENCE = ROOT / "solutions" / "prefill"


def files(folder: Path, **contents: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in contents.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(folder.iterdir())


def zipped(path: Path, **members: str) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return path


def test_canvas_reuploads_are_ordered_by_file_id_not_by_their_copy_number(tmp_path):
    entries = files(tmp_path, **{"doejane_23456_903_prefill-2.py": "older", "doejane_23456_905_prefill.py": "final",
                                 "doejane_23456_901_prefill-1.py": "first", "doejane_23456_910_notes-3.txt": "n"})
    [parts] = canvas_groups(entries).values()
    assert [(path.read_text(), name) for path, name in parts] == [("n", "notes.txt"), ("final", "prefill.py")]
    entries = files(tmp_path / "b", **{"doejane_23456_1000_prefill.py": "first", "doejane_23456_999_prefill-1.py": "x",
                                       "doejane_23456_1001_prefill-1.py": "last"})  # ids, not their digits' order
    assert [(p.read_text(), n) for p, n in canvas_groups(entries)["doejane_23456"]] == [("last", "prefill.py")]


def test_a_zip_among_a_students_uploads_is_opened_and_merged_with_the_files_beside_it(tmp_path):
    export = tmp_path / "export"
    export.mkdir()
    zipped(export / "smithjohn_12345_900_prefill.zip", **{"prefill/prefill.py": "code", "prefill/answers.toml": "old"})
    (export / "smithjohn_12345_901_answers.toml").write_text("mine")
    folder = gather("smithjohn_12345", canvas_groups(sorted(export.iterdir()))["smithjohn_12345"], tmp_path / "s")
    assert {p.name: p.read_text() for p in folder.iterdir()} == {"prefill.py": "code", "answers.toml": "mine"}
    moodle = tmp_path / "moodle"
    (moodle / "John Smith_12345_assignsubmission_file_").mkdir(parents=True)
    zipped(moodle / "John Smith_12345_assignsubmission_file_" / "work.zip", **{"prefill.py": "code"})
    (moodle / "John Smith_12345_assignsubmission_onlinetext_").mkdir()
    (moodle / "John Smith_12345_assignsubmission_onlinetext_" / "onlinetext.html").write_text("<p>hi</p>")
    parts = export_groups(sorted(moodle.iterdir()))["John Smith_12345"]
    assert [given for _, given in parts] == [FOLDER, FOLDER]
    folder = gather("john", parts, tmp_path / "s")
    assert sorted(p.name for p in folder.iterdir()) == ["onlinetext.html", "prefill.py"]


def test_a_canvas_student_who_uploads_a_zip_and_answers_is_graded_on_both(tmp_path):
    export = tmp_path / "submissions"
    export.mkdir()
    answers = tmp_path / "answers.toml"
    shutil.copyfile(REFERENCE / "answers.toml", answers)
    own_answers(answers, "12345")
    zipped(export / "smithjohn_12345_6789_prefill.zip", **{"prefill.py": (REFERENCE / "prefill.py").read_text()})
    shutil.copyfile(answers, export / "smithjohn_12345_6790_answers.toml")
    book, table = tmp_path / "gb.sqlite", tmp_path / "grades.csv"
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(["--course", str(ROOT), "batch", str(export), "--jobs", "1", "--gradebook", str(book),
                       "--csv", str(table)])
    with table.open(newline="") as stream:
        rows = {row["student"]: (row["status"], row["total"]) for row in csv.DictReader(stream)}
    assert status == 0 and rows == {"smithjohn_12345": ("graded", "17")}


def _batch(folder: Path, book: Path):
    return run_batch(folder, Course(ROOT), lesson="prefill", gradebook=book, jobs=1,
                     session="fake_sessions:FolderSession", out=io.StringIO())


def test_an_exports_names_are_keyed_as_every_layouts_are_and_a_rerun_finds_each_row(tmp_path):
    export, book = tmp_path / "moodle", tmp_path / "gb.sqlite"
    for name in ("Ana\u200d Lee_123", "Jose\u0301 Diaz_124"):  # a zero-width joiner; an NFD name
        (export / f"{name}_assignsubmission_file_").mkdir(parents=True)
        (export / f"{name}_assignsubmission_file_" / "prefill.py").write_text("1")
    first = _batch(export, book)
    assert first.graded_now == 2 and len(first.students) == 2 and first.summary.counts["graded"] == 2
    with sqlite3.connect(book) as db:
        found = {s: (source, h, i) for s, source, h, i in
                 db.execute("SELECT student, source, content_hash, identity FROM submissions")}
    assert sorted(found) == ["Ana Lee_123", "Jos\u00e9 Diaz_124"]  # NFC, without the format character
    assert all(source and content for source, content, _ in found.values())
    assert {identity for _, _, identity in found.values()} == {"123", "124"}
    again = _batch(export, book)
    assert (again.graded_now, again.unchanged, len(again.students)) == (0, 2, 2)
    assert all(unicodedata.is_normalized("NFC", student) for student in again.students)


def test_a_name_that_gives_no_id_is_refused_naming_the_entry_not_graded_with_its_escape(tmp_path):
    """A zero-width joiner alone: no visible character, so no id (normalise_id), whatever its escape reads."""
    folder, book = tmp_path / "class", tmp_path / "gb.sqlite"
    folder.mkdir()
    (folder / "\u200d.py").write_text("1")
    (folder / "Ana\u200d.py").write_text("1")
    result = _batch(folder, book)
    with sqlite3.connect(book) as db:
        found = {s: (status, i, reason) for s, status, i, reason in
                 db.execute("SELECT student, status, identity, reason FROM submissions")}
    assert found["Ana"][:2] == ("graded", "ana")  # her id as `grader stubs --student Ana` reads it, and her row
    status, identity, reason = found["\\u200d"]
    assert (status, identity) == ("rejected", "") and "\\u200d.py: its name gives no student id" in reason
    assert result.summary.counts["refused"] == 1



def test_one_students_files_spelt_two_ways_are_one_student(tmp_path):
    """Canvas writes the name into each file; a zero-width joiner or an NFD spelling on one file only is
    still one student: one group, not a row per spelling (issue 25)."""
    for name in ("ann\u200d_6601_90001_prefill.py", "ann_6601_90002_answers.toml",
                 "zoe\u0308_3141_90003_prefill.py", "zo\u00eb_3141_90004_answers.toml"):
        (tmp_path / name).write_text("1")
    groups = lms.export_groups(sorted(tmp_path.iterdir()))
    assert groups is not None and sorted(groups) == ["ann_6601", "zo\u00eb_3141"], groups


def _rows(book: Path) -> dict[str, str]:
    with sqlite3.connect(book) as db:
        return dict(db.execute("SELECT student, status FROM submissions"))


def test_an_invisible_character_in_a_name_makes_no_second_student_in_any_layout(tmp_path):
    """A folder and a file whose names differ by a zero-width joiner are two entries of one student, a
    conflict row, never two graded rows; a Blackboard username with a soft hyphen pasted in is the
    student's row, not an escaped one (issue 25's second battery, 4f and 4h: keys dropped format
    characters for Canvas names only)."""
    plain = tmp_path / "plain"
    shutil.copytree(REFERENCE, plain / "carol")
    shutil.copy(REFERENCE / "prefill.py", plain / "carol\u200d.py")
    _batch(plain, tmp_path / "plain.sqlite")
    assert _rows(tmp_path / "plain.sqlite") == {"carol": "rejected"}
    board = tmp_path / "board"
    stem = "hw2_al\u00adice_attempt_2025-10-01-10-00-00"
    files(board, **{f"{stem}_prefill.py": (REFERENCE / "prefill.py").read_text(), f"{stem}.txt": "Name: Alice\n"})
    _batch(board, tmp_path / "board.sqlite")
    assert _rows(tmp_path / "board.sqlite") == {"alice": "graded"}

