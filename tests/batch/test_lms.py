"""grader.batch.lms: class folders as Canvas, Moodle, Gradescope and GitHub Classroom export them.

First the rules over file names (nothing graded), then whole exports through ``grader batch``:
a Canvas export used to make each file a student (answers.toml a refused "student" of its
own, the module graded without its answers), a Moodle export each plugin's folder (the online
text a refused "student" beside the files), a Gradescope export its metadata file a refused
student, and a class of GitHub Classroom repositories (every lesson's stubs in each) was
graded as the course's first lesson whatever the students had worked on.
"""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
from pathlib import Path

import pytest

from grader.batch.lms import CANVAS, FOLDER, canvas_groups, export, export_groups, gather, main_part
from grader.cli import main
from grader.exceptions import SubmissionError
from grader.submission.limits import MAX_SUBMISSION_BYTES

from class_folder import own_answers
from paths import ROOT

REFERENCE, STUBS = ROOT / "solutions" / "prefill", ROOT / "exercises" / "prefill"


def files(folder: Path, **contents: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in contents.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(folder.iterdir())


def given(groups) -> dict[str, list[str]]:
    return {student: [name for _, name in parts] for student, parts in groups.items()}


def test_a_canvas_export_is_one_submission_per_student_under_the_names_they_gave(tmp_path):
    entries = files(tmp_path, **{"smithjohn_12345_900_prefill.py": "a", "smithjohn_12345_901_answers.toml": "b",
                                 "doejane_LATE_23456_902_prefill.py": "c", "doejane_23456_903_notes.txt": "d"})
    assert given(canvas_groups(entries)) == {"doejane_23456": ["notes.txt", "prefill.py"],
                                             "smithjohn_12345": ["answers.toml", "prefill.py"]}


def test_one_lms_user_id_under_two_names_is_one_student_named_as_in_the_newest_upload(tmp_path):
    entries = files(tmp_path, **{"smithjohn_202_900_prefill.py": "old name", "johnsmith_202_901_answers.toml": "b",
                                 "doejane_23456_902_prefill.py": "c"})
    assert given(canvas_groups(entries)) == {"doejane_23456": ["prefill.py"],
                                             "johnsmith_202": ["answers.toml", "prefill.py"]}


def test_canvas_copies_of_a_file_uploaded_again_are_the_last_upload_under_its_own_name(tmp_path):
    entries = files(tmp_path, **{"doejane_23456_902_prefill.py": "first", "doejane_23456_903_prefill-1.py": "second",
                                 "doejane_23456_904_prefill-2.py": "third", "doejane_23456_905_model-3.csv": "kept"})
    [(student, parts)] = canvas_groups(entries).items()
    assert student == "doejane_23456"
    assert [(path.read_text(), name) for path, name in parts] == [("kept", "model.csv"), ("third", "prefill.py")]


def test_canvas_late_marker_is_read_and_the_module_names_the_submission_not_its_answers(tmp_path):
    listed = files(tmp_path / "export", **{"doejane_LATE_23456_6790_answers.toml": "", "doejane_LATE_23456_6791_"
                                           "prefill.py": "", "doejane_LATE_23456_6792_notes.txt": ""})
    parts = canvas_groups(listed)["doejane_23456"]
    assert [CANVAS.fullmatch(path.name)["late"] for path, _ in parts] == ["LATE_"] * 3
    assert CANVAS.fullmatch("smithjohn_12345_6789_prefill.py")["late"] is None
    assert main_part(parts).name == "doejane_LATE_23456_6791_prefill.py"  # issue 23: not the answers.toml
    assert main_part([(listed[0], "answers.toml")]) == listed[0]  # none better: the first


@pytest.mark.parametrize("stray", ["alice.py", "README.txt", "folder/"])
def test_a_folder_with_any_entry_canvas_did_not_name_is_read_as_it_is(tmp_path, stray):
    files(tmp_path, **{"smithjohn_12345_900_prefill.py": "a"})
    (tmp_path / stray.rstrip("/")).mkdir() if stray.endswith("/") else (tmp_path / stray).write_text("x")
    assert canvas_groups(sorted(tmp_path.iterdir())) is None
    assert canvas_groups([]) is None


def test_a_given_name_that_is_hidden_is_not_taken_and_a_student_left_with_none_keeps_canvas_names(tmp_path):
    entries = files(tmp_path, **{"eve_1_2_.bashrc": "x", "eve_1_3_prefill.py": "y", "mallory_4_5_..": "z"})
    assert given(canvas_groups(entries)) == {"eve_1": ["prefill.py"], "mallory_4": ["mallory_4_5_.."]}


def test_a_moodle_export_is_one_submission_per_participant_in_folders_or_flat(tmp_path):
    folders = tmp_path / "folders"
    for entry in ("John Smith_12345_assignsubmission_file_", "John Smith_12345_assignsubmission_onlinetext_",
                  "Mary_Ann Lee_23456_assignsubmission_file_"):
        (folders / entry).mkdir(parents=True)
    groups = export_groups(sorted(folders.iterdir()))
    assert {student: [(path.name, name) for path, name in parts] for student, parts in groups.items()} == {
        "John Smith_12345": [("John Smith_12345_assignsubmission_file_", FOLDER),
                             ("John Smith_12345_assignsubmission_onlinetext_", FOLDER)],
        "Mary_Ann Lee_23456": [("Mary_Ann Lee_23456_assignsubmission_file_", FOLDER)]}
    flat = files(tmp_path / "flat", **{"John Smith_12345_assignsubmission_file_prefill.py": "a",
                                       "John Smith_12345_assignsubmission_file_answers-1.toml": "b"})
    assert given(export_groups(flat)) == {"John Smith_12345": ["answers-1.toml", "prefill.py"]}  # no Canvas -N
    (folders / "notes.txt").write_text("x")  # an entry no export names: read as it is
    assert export_groups(sorted(folders.iterdir())) is None


def test_gather_copies_the_files_and_refuses_more_than_a_submission_may_hold_before_copying(tmp_path):
    entries = files(tmp_path / "export", **{"smithjohn_12345_900_prefill.py": "code",
                                            "smithjohn_12345_901_a.toml": "x"})
    parts = canvas_groups(entries)["smithjohn_12345"]
    folder = gather("smithjohn_12345", parts, tmp_path / "scratch")  # and a folder's contents, merged
    assert sorted(p.name for p in folder.iterdir()) == ["a.toml", "prefill.py"]
    assert (folder / "prefill.py").read_text() == "code"
    (tmp_path / "mine" / "deep").mkdir(parents=True)
    (tmp_path / "mine" / "deep" / "x.txt").write_text("y")
    merged = gather("merged", [(tmp_path / "mine", FOLDER), *parts], tmp_path / "scratch")
    assert sorted(p.relative_to(merged).as_posix() for p in merged.rglob("*") if p.is_file()) == [
        "a.toml", "deep/x.txt", "prefill.py"]
    big = tmp_path / "export" / "smithjohn_12345_902_big.bin"
    with big.open("wb") as stream:
        stream.truncate(MAX_SUBMISSION_BYTES + 1)
    with pytest.raises(SubmissionError, match="hand in only your exercise files"):
        gather("other", canvas_groups(sorted((tmp_path / "export").iterdir()))["smithjohn_12345"], tmp_path / "s2")
    assert not (tmp_path / "s2" / "exports" / "other").exists()


# ----------------------------------------------------------------------------------- whole exports, batched

def batch(tmp_path: Path, folder: Path, *options: str) -> tuple[int, dict[str, dict], str]:
    book, table, out = tmp_path / "gb.sqlite", tmp_path / "grades.csv", io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["--course", str(ROOT), "batch", str(folder), "--jobs", "1", "--gradebook", str(book),
                       "--csv", str(table), *options])
    with table.open(newline="") as stream:
        return status, {row["student"]: row for row in csv.DictReader(stream)}, out.getvalue()


def test_a_canvas_export_grades_each_students_module_with_their_answers(tmp_path):
    export = tmp_path / "submissions"
    export.mkdir()
    shutil.copyfile(REFERENCE / "prefill.py", export / "smithjohn_12345_6789_prefill.py")
    shutil.copyfile(REFERENCE / "answers.toml", export / "smithjohn_12345_6790_answers.toml")
    own_answers(export / "smithjohn_12345_6790_answers.toml", "12345")  # Canvas's user id is whose numbers
    shutil.copyfile(STUBS / "prefill.py", export / "doejane_23456_6791_prefill.py")
    shutil.copyfile(REFERENCE / "prefill.py", export / "doejane_LATE_23456_6795_prefill-1.py")  # uploaded again
    status, rows, _ = batch(tmp_path, export)
    assert status == 0
    assert {student: (row["status"], row["total"]) for student, row in rows.items()} == {
        "smithjohn_12345": ("graded", "17"), "doejane_23456": ("graded", "13")}


def test_a_moodle_export_grades_each_participants_files_and_refuses_online_text_alone(tmp_path):
    export = tmp_path / "moodle"
    shutil.copytree(REFERENCE, export / "John Smith_12345_assignsubmission_file_",
                    ignore=shutil.ignore_patterns("__pycache__"))
    own_answers(export / "John Smith_12345_assignsubmission_file_" / "answers.toml", "12345")  # the participant id
    for name in ("John Smith_12345_assignsubmission_onlinetext_", "Bob Text_34567_assignsubmission_onlinetext_"):
        (export / name).mkdir()
        (export / name / "onlinetext.html").write_text("<p>my answers are in the file</p>")
    status, rows, _ = batch(tmp_path, export)
    assert status == 0
    assert {student: (row["status"], row["total"]) for student, row in rows.items()} == {
        "John Smith_12345": ("graded", "17"), "Bob Text_34567": ("refused", "0")}
    assert "holds neither prefill.py nor answers.toml" in rows["Bob Text_34567"]["note"]


def test_a_gradescope_export_keeps_its_metadata_file_out_of_the_class(tmp_path):
    export = tmp_path / "assignment_export"
    shutil.copytree(REFERENCE, export / "submission_111", ignore=shutil.ignore_patterns("__pycache__"))
    own_answers(export / "submission_111" / "answers.toml", "john@example.edu")  # the submitter's e-mail
    (export / "submission_metadata.yml").write_text("submission_111:\n  :submitters:\n  - :name: John\n"
                                                   "    :email: John@Example.edu\n")
    status, rows, out = batch(tmp_path, export)
    assert status == 0 and list(rows) == ["submission_111"] and rows["submission_111"]["total"] == "17"
    assert "1 submission, 1 graded" in out


def test_github_classroom_repositories_are_graded_as_the_lesson_their_students_worked_on(tmp_path):
    """Each repository holds every lesson's exercises; these students did latency. The batch took the
    course's first lesson (prefill), where every stub scores 0."""
    classroom = tmp_path / "latency-submissions"  # as `gh classroom clone student-repos` names it
    for student, work in (("latency-alice", ROOT / "solutions" / "latency"), ("latency-bob", None)):
        for lesson in ("prefill", "latency"):
            shutil.copytree(ROOT / "exercises" / lesson, classroom / student / "exercises" / lesson)
        (classroom / student / ".git").mkdir()
        if work is not None:
            for name in ("latency.py", "answers.toml"):
                shutil.copyfile(work / name, classroom / student / "exercises" / "latency" / name)
    own_answers(classroom / "latency-alice" / "exercises" / "latency" / "answers.toml", "alice", lesson="latency")
    bob = classroom / "latency-bob" / "exercises" / "latency" / "answers.toml"  # one answer, his own numbers'
    bob.write_text(_only_line((ROOT / "solutions" / "latency" / "answers.toml").read_text(), "elapsed"))
    own_answers(bob, "bob", lesson="latency")
    status, rows, out = batch(tmp_path, classroom)
    assert status == 0 and out.startswith("grading lesson latency")
    assert rows["latency-alice"]["total"] == "13" and "request_seconds" in rows["latency-alice"]
    assert rows["latency-bob"]["status"] == "graded" and rows["latency-bob"]["hand_elapsed"] == "1"


def _only_line(text: str, key: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{key} =")) + "\n"



def test_a_blackboard_export_is_each_students_latest_attempt_under_the_names_they_gave(tmp_path):
    hw = "Prefill HW_1"  # an assignment's name holds blanks and _ too
    entries = files(tmp_path, **{
        f"{hw}_jsmith_attempt_2025-10-01-09-00-00_prefill.py": "old",
        f"{hw}_jsmith_attempt_2025-10-01-09-00-00.txt": "r",
        f"{hw}_jsmith_attempt_2025-10-02-18-30-00_prefill.py": "new",
        f"{hw}_jsmith_attempt_2025-10-02-18-30-00_answers.toml": "a",
        f"{hw}_jsmith_attempt_2025-10-02-18-30-00.txt": "receipt",
        f"{hw}_mary_lee_attempt_2025-10-01-08-00-00.txt": "r"})
    groups = export(entries)
    assert groups is not None and groups[0] == "blackboard"
    assert {user: [(path.read_text(), name) for path, name in parts] for user, parts in groups[1].items()} == {
        "jsmith": [("a", "answers.toml"), ("new", "prefill.py")],  # the latest attempt only
        "mary_lee": [("r", f"{hw}_mary_lee_attempt_2025-10-01-08-00-00.txt")]}  # no file: its row says so
    (tmp_path / "stray.py").write_text("x")  # an entry Blackboard did not name: the folder is read as it is
    assert export(sorted(tmp_path.iterdir())) is None


def test_a_blackboard_export_grades_each_username_with_their_own_numbers(tmp_path):
    export_folder = tmp_path / "blackboard"
    export_folder.mkdir()
    stem = "HW2_kim_attempt_2025-10-01-09-00-00"
    shutil.copyfile(REFERENCE / "prefill.py", export_folder / f"{stem}_prefill.py")
    shutil.copyfile(REFERENCE / "answers.toml", export_folder / f"{stem}_answers.toml")
    own_answers(export_folder / f"{stem}_answers.toml", "kim")  # the username is whose numbers
    (export_folder / f"{stem}.txt").write_text("Name: Kim (kim)\n")
    shutil.copyfile(STUBS / "prefill.py", export_folder / "HW2_lee_attempt_2025-10-01-10-00-00_prefill.py")
    status, rows, _ = batch(tmp_path, export_folder)
    assert status == 0
    assert {student: (row["status"], row["total"]) for student, row in rows.items()} == {
        "kim": ("graded", "17"), "lee": ("graded", "0")}


def test_a_blackboard_username_written_in_another_case_is_one_student(tmp_path):
    # Blackboard's usernames ignore case (round 4's 4b): one row, the latest attempt, spelt as it was written there
    entries = files(tmp_path, **{
        "HW_ASmith_attempt_2025-10-01-09-00-00_prefill.py": "first",
        "HW_asmith_attempt_2025-10-02-09-00-00_prefill.py": "second",
        "HW_Bo_attempt_2025-10-01-09-00-00_prefill.py": "bo"})
    found = export(entries)
    assert found is not None and found[0] == "blackboard"
    assert {user: [p.read_text() for p, _ in parts] for user, parts in found[1].items()} == {
        "asmith": ["second"], "Bo": ["bo"]}
