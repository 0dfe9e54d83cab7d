"""grader.batch.coordinator with each student's id: whose numbers an entry is graded with, and what a class shows.

The id comes from the folder's layout (grader.batch.identity), travels with each job to the grading
process and is kept in the gradebook's row; a class graded with its students' own numbers names the
students who hand in a classmate's answers (grader.batch.integrity). tests/batch/test_coordinator.py
holds the rest of the coordinator's tests.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3

from grader.batch import entries
from grader.batch.coordinator import run_batch
from grader.grading.variants import variants_for
from grader.lesson.course import Course

from class_folder import place
from paths import ROOT

COURSE = Course(ROOT)
REFERENCE = ROOT / "solutions" / "prefill"


def rows(book) -> list[tuple]:
    with sqlite3.connect(book) as db:
        return db.execute("SELECT student, status, score, reason FROM submissions ORDER BY student").fetchall()


def quiet() -> io.StringIO:
    return io.StringIO()


def test_each_entry_is_graded_with_its_students_id_and_a_changed_id_is_graded_again(tmp_path):
    """The id comes from the folder's layout (here Gradescope's export: the submitter's e-mail in its
    manifest), travels with the job and is kept in the row; a corrected manifest regrades that student."""
    folder = tmp_path / "export"
    folder.mkdir()
    for entry in ("submission_1", "submission_2"):
        (folder / f"{entry}.py").write_text("1")
    manifest = folder / "submission_metadata.yml"
    manifest.write_text("submission_1:\n  :submitters:\n  - :name: A\n    :email: Ann@Example.edu\n"
                        "submission_2:\n  :submitters:\n  - :name: B\n    :email: bo@example.edu\n")
    book = tmp_path / "gb.sqlite"
    session = "fake_sessions:FakeSession"
    run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=session, out=quiet())
    graded = sqlite3.connect(book).execute("SELECT student, identity, report FROM submissions ORDER BY 1").fetchall()
    assert [(student, identity, json.loads(report)["output"].split()[2]) for student, identity, report in graded] == [
        ("submission_1", "ann@example.edu", "student=ann@example.edu"),
        ("submission_2", "bo@example.edu", "student=bo@example.edu")]
    manifest.write_text(manifest.read_text().replace("bo@example.edu", "bob@example.edu"))
    again = run_batch(folder, COURSE, lesson="prefill", gradebook=book, jobs=1, session=session, out=quiet())
    assert (again.graded_now, again.unchanged) == (1, 1)
    assert sqlite3.connect(book).execute("SELECT identity FROM submissions WHERE student = 'submission_2'"
                                         ).fetchone() == ("bob@example.edu",)


def test_three_students_who_hand_in_a_fourths_answers_are_named_in_the_class_report(tmp_path):
    """Each graded with their own numbers: the honest get full marks, the three copies lose the answers their
    numbers change and are named with whose numbers they hold, in the summary and the class report; nothing
    else is penalised, and nobody honest is flagged."""
    folder = tmp_path / "class"
    folder.mkdir()
    for student in ("ada", "ben", "cleo", "dev", "eli", "fay"):
        place(REFERENCE, folder, student)  # each with their own answers
    for copier in ("ben", "cleo", "eli"):  # dev's answers file, as handed around
        shutil.copyfile(folder / "dev" / "answers.toml", folder / copier / "answers.toml")
    variants = variants_for(COURSE, COURSE.lesson("prefill"), ["ben", "cleo", "dev", "eli"])
    numeric = ("hand_flops", "hand_seconds", "hand_pairs")
    differing = {c: [t for t in numeric if variants[c].answers[t] != variants["dev"].answers[t]]
                 for c in ("ben", "cleo", "eli")}
    assert all(len(tasks) >= 2 for tasks in differing.values()), differing  # else the salt made the test moot
    out = quiet()
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=tmp_path / "gb.sqlite", jobs=2,
                       class_report=tmp_path / "class.html", out=out)
    assert result.complete
    scores = {r[0]: r[2] for r in rows(tmp_path / "gb.sqlite")}
    assert scores["ada"] == scores["dev"] == scores["fay"] == 17
    for copier, tasks in differing.items():
        assert scores[copier] == 17 - len(tasks), copier  # the grade as it is: wrong for their numbers, no more
    assert sorted((m.student, m.others, m.tasks) for m in result.summary.matches) == [
        (copier, ("dev",), tuple(differing[copier])) for copier in ("ben", "cleo", "eli")]
    assert "dev's numbers are in the answers of 3 students: ben, cleo, eli" in out.getvalue()
    page = (tmp_path / "class.html").read_text(encoding="utf-8")
    matches = page.split('id="matches"', 1)[1].split("</table>", 1)[0]
    assert [name for name in ("ada", "ben", "cleo", "dev", "eli", "fay") if f"<td>{name}</td>" in matches] == [
        "ben", "cleo", "eli"]
    with sqlite3.connect(tmp_path / "gb.sqlite") as db:  # the gradebook keeps each student's variant
        kept = {s: (i, json.loads(v)) for s, i, v in db.execute("SELECT student, identity, variant FROM submissions")}
    assert kept["dev"] == ("dev", {"parameters": variants["dev"].parameters, "answers": variants["dev"].answers})


def test_in_a_lesson_with_parameters_an_entry_whose_name_is_no_id_is_refused_saying_why(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    place(REFERENCE, folder, "\u3000", own=False)  # a name that is only a (wide) space: no id, no numbers of its own
    place(REFERENCE, folder, "ada")
    result = run_batch(folder, COURSE, lesson="prefill", gradebook=tmp_path / "gb.sqlite", jobs=1, out=quiet())
    found = {r[0]: r for r in rows(tmp_path / "gb.sqlite")}
    assert found["ada"][1:3] == ("graded", 17) and result.summary.counts["refused"] == 1
    wide = entries.student_key("\u3000")  # its key, as every name's (NFKC: a plain space)
    assert found[wide][1] == "rejected" and "its name gives no student id" in found[wide][3]
