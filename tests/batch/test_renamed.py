"""grader.batch.renamed: a student's entry under a new name keeps one row, and its history follows it.

Rows are keyed on the entry's name; ids on one normalisation (``Alice`` and ``alice`` are one student).
The held-out battery of issue 25 (round 6, 5a) handed in ``zz.py`` and, on the next run, ``ZZ.py``:
the class's export had two rows for one student.
"""

from __future__ import annotations

import io
import sqlite3
from types import SimpleNamespace

from grader.batch import history, overrides, renamed
from grader.batch.coordinator import run_batch
from grader.batch.gradebook import Gradebook
from grader.lesson.course import Course

from paths import ROOT

COURSE = Course(ROOT)
SESSION = "fake_sessions:FakeSession"


def batch(folder, book):
    return run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=SESSION, out=io.StringIO())


def rows(book) -> list[tuple]:
    with sqlite3.connect(book) as db:
        return db.execute("SELECT student, status, score FROM submissions ORDER BY student").fetchall()


def ids(**pairs):
    return {key: SimpleNamespace(identity=value) for key, value in pairs.items()}


def test_only_a_row_of_one_id_whose_entry_is_gone_follows_a_new_entry_of_that_id():
    assert renamed.renames(ids(zz="zz", yy="yy"), ids(ZZ="zz", yy="yy")) == {"ZZ": "zz"}
    assert renamed.renames(ids(zz="zz"), ids(zz="zz", ZZ="zz")) == {}  # the old entry is still here
    assert renamed.renames(ids(a_1="u1", b_1="U1"), ids(c_1="u1")) == {}  # two rows of that id: which one?
    assert renamed.renames(ids(a_1="u1"), ids(b_1="u1", c_1="u1")) == {}  # two entries claim it
    assert renamed.renames(ids(zz=""), ids(ZZ="zz")) == {}  # no id kept: nothing to tell by
    assert renamed.renames(ids(zz="zz"), ids(ZZ="")) == {}
    assert renamed.renames(ids(sub_1="ann@x.edu"), ids(sub_9="Ann@X.edu")) == {"sub_9": "sub_1"}


def test_a_renamed_entry_takes_its_students_row_history_and_overrides_and_is_graded_as_it_is(tmp_path):
    folder, book = tmp_path / "class", tmp_path / "gb.sqlite"
    folder.mkdir()
    (folder / "zz.py").write_text("1")
    (folder / "yy.py").write_text("1")
    batch(folder, book)
    with Gradebook(book) as opened:
        overrides.set_override(opened, "prefill", "zz", "quiz", 1.0, "a TA decision", "ta")
    (folder / "zz.py").unlink()
    (folder / "ZZ.py").write_text("0")  # the same student, another spelling, other work
    again = batch(folder, book)
    assert again.graded_now == 1 and again.unchanged == 1
    assert [student for student, _, _ in rows(book)] == ["ZZ", "yy"]
    with Gradebook(book) as opened:
        assert [entry.score for entry in history.entries(opened.db, "prefill", "ZZ")] == [2.0, 0.0]
        assert history.entries(opened.db, "prefill", "zz") == []
        row = next(row for row in opened.rows("prefill") if row.student == "ZZ")
        assert [override.score for override in row.overrides] == [1.0]
    assert batch(folder, book).unchanged == 2  # and stays put


def test_two_spellings_of_one_student_in_one_folder_are_one_row_refused_together(tmp_path):
    folder, book = tmp_path / "class", tmp_path / "gb.sqlite"
    folder.mkdir()
    (folder / "zz.py").write_text("1")
    (folder / "ZZ.py").write_text("0")
    result = batch(folder, book)
    assert [(student, status) for student, status, _ in rows(book)] == [("ZZ", "rejected")]
    assert result.this_run == {"ZZ": "conflict"}
