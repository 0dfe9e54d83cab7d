"""grader.batch.coordinator: a row's content hash and its grade describe the same bytes (issue 25, class 5).

Entries are read (hashed) first and graded later. A file swapped between the two was recorded with
the hash of one content and the grade of another, and once restored the rerun said "unchanged" and
kept the wrong grade. The swap here is made by the grading session itself, while it grades the first
entry (``fake_sessions.SwapSession``): after every entry was hashed, before the second is graded, on
any machine. tests/batch/test_coordinator.py holds the rest of the coordinator's tests.
"""

from __future__ import annotations

import io
import json
import sqlite3

from grader.batch.coordinator import run_batch
from grader.batch.snapshot import content_hash
from grader.lesson.course import Course

from fake_sessions import SWAP
from paths import ROOT

COURSE = Course(ROOT)
SESSION = "fake_sessions:SwapSession"


def rows(book) -> dict[str, tuple]:
    with sqlite3.connect(book) as db:
        return {s: (status, score, h) for s, status, score, h in
                db.execute("SELECT student, status, score, content_hash FROM submissions")}


def batch(folder, book):
    return run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=SESSION, out=io.StringIO())


def test_a_file_swapped_while_the_batch_runs_is_graded_as_it_was_hashed(tmp_path, monkeypatch):
    folder, book = tmp_path / "class", tmp_path / "gb.sqlite"
    folder.mkdir()
    (folder / "ada.py").write_text("1")
    (folder / "bo.py").write_text("1")  # right when hashed; swapped for a wrong one while ada is graded
    (folder / "cy").mkdir()
    (folder / "cy" / "prefill.py").write_text("1")  # a folder: swapped too
    bo, cy = content_hash(folder / "bo.py"), content_hash(folder / "cy")
    monkeypatch.setenv(SWAP, f"ada.py={folder / 'bo.py'}=0;ada.py={folder / 'cy' / 'prefill.py'}=0")
    first = batch(folder, book)
    assert (folder / "bo.py").read_text() == (folder / "cy" / "prefill.py").read_text() == "0"  # swapped, mid-batch
    assert first.graded_now == 3
    assert rows(book)["bo"] == ("graded", 2.0, bo)  # the grade of the content its hash names
    assert rows(book)["cy"] == ("graded", 2.0, cy)
    monkeypatch.delenv(SWAP)
    second = batch(folder, book)  # the swapped files are seen now: graded again, as they are
    assert second.this_run == {"ada": "unchanged", "bo": "graded", "cy": "graded"}
    assert rows(book)["bo"] == ("graded", 0.0, content_hash(folder / "bo.py"))
    (folder / "bo.py").write_text("1")  # restored: graded again, back to its first grade and hash
    third = batch(folder, book)
    assert third.this_run == {"ada": "unchanged", "bo": "graded", "cy": "unchanged"}
    assert rows(book)["bo"] == ("graded", 2.0, bo)
    assert batch(folder, book).unchanged == 3  # and then nothing changes


def test_the_rows_name_the_entry_in_the_submissions_folder_not_the_copy_that_was_graded(tmp_path):
    folder, book = tmp_path / "class", tmp_path / "gb.sqlite"
    folder.mkdir()
    (folder / "ada.py").write_text("1")
    (folder / "bo").mkdir()
    (folder / "bo" / "prefill.py").write_text("0")
    batch(folder, book)
    with sqlite3.connect(book) as db:
        found = {s: (source, json.loads(report)["submission"]) for s, source, report in
                 db.execute("SELECT student, source, report FROM submissions")}
    assert found == {"ada": (str(folder / "ada.py"), str(folder / "ada.py")),
                     "bo": (str(folder / "bo"), str(folder / "bo"))}
