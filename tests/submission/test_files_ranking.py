"""grader.submission.files, where a submission's work is when several places could hold it (split from
test_files.py for the 450-line rule): the place showing the most work is graded, a stray template never
hides it, a module named but for case is graded with a note, and a refusal says what it found."""

from __future__ import annotations

import shutil

import pytest

from grader import grade
from grader.exceptions import SubmissionError
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson
from grader.submission.files import Submission, lesson_folder

from courses import PREFILL, folder
from paths import ROOT

TEMPLATE = ROOT / "exercises" / "prefill"
FINISHED = ROOT / "solutions" / "prefill"


@pytest.fixture
def prefill():
    return load_lesson(PREFILL)


def lay(target, source, module="prefill.py", answers="answers.toml"):
    """``source``'s module and answers file copied into ``target`` (either name None: left out)."""
    target.mkdir(parents=True, exist_ok=True)
    if module:
        shutil.copyfile(source / "prefill.py", target / module)
    if answers:
        shutil.copyfile(source / "answers.toml", target / answers)
    return target


@pytest.mark.parametrize("stray", [("answers.toml",), ("prefill.py",), ("prefill.py", "answers.toml")],
                         ids=["answers-template", "stub-module", "both"])
def test_a_stray_template_at_the_top_does_not_hide_the_finished_exercises_folder(tmp_path, prefill, stray):
    repo = lay(tmp_path / "repo" / "exercises" / "prefill", FINISHED).parent.parent
    for name in stray:
        shutil.copyfile(TEMPLATE / name, repo / name)
    found = Submission.locate(repo, prefill)
    assert found.path == repo / "exercises" / "prefill" and found.module == found.path / "prefill.py"
    assert found.answers == found.path / "answers.toml"
    assert found.notes == ("graded the files in exercises/prefill/, which show the most work; also seen, with less "
                           "work: the top",)


def test_a_finished_folder_below_beats_a_template_at_the_top_and_in_exercises(tmp_path, prefill):
    repo = lay(tmp_path / "repo", TEMPLATE)
    lay(repo / "exercises" / "prefill", TEMPLATE)
    lay(repo / "work" / "mine", FINISHED)
    assert lesson_folder(repo, prefill) == repo / "work" / "mine"


def test_places_with_as_much_work_grade_the_top_and_say_which_others_were_seen(tmp_path, prefill):
    repo = lay(tmp_path / "repo", FINISHED)
    lay(repo / "exercises" / "prefill", FINISHED)
    found = Submission.locate(repo, prefill)
    assert found.path == repo
    lay(repo / "old", TEMPLATE)
    found = Submission.locate(repo, prefill)
    assert found.notes == ("graded the files in the top; exercises/prefill/ show as much work, and the top comes "
                           "first, then exercises/prefill/; also seen, with less work: old/",)


def test_answers_given_elsewhere_are_not_lost_when_the_graded_place_answers_nothing(tmp_path, prefill):
    repo = lay(tmp_path / "repo", FINISHED, module=None)  # the answers at the top, the module below
    lay(repo / "exercises" / "prefill", FINISHED, answers=None)
    found = Submission.locate(repo, prefill)
    assert found.path == repo / "exercises" / "prefill" and found.answers == repo / "answers.toml"
    assert "answers.toml taken from the top: exercises/prefill/ answers nothing" in found.notes


def test_two_finished_copies_below_are_still_refused_but_a_finished_one_beats_a_stub(tmp_path, prefill):
    repo = tmp_path / "repo"
    lay(repo / "draft", FINISHED), lay(repo / "final", FINISHED)
    with pytest.raises(SubmissionError, match=r"in 2 folders \(draft/, final/\)"):
        Submission.locate(repo, prefill)
    lay(repo / "draft", TEMPLATE)
    found = Submission.locate(repo, prefill)
    assert found.path == repo / "final"
    assert found.notes == ("graded the files in final/, which show the most work; also seen, with less work: draft/",)


@pytest.mark.parametrize("name", ["Prefill.py", "PREFILL.PY", "prefill.PY"])
def test_a_module_named_but_for_case_is_graded_with_a_note_naming_it(tmp_path, prefill, name):
    sub = lay(tmp_path / "s", FINISHED, module=name)
    found = Submission.locate(sub, prefill)
    assert found.module == sub / name
    assert found.notes[0].startswith(f"graded {name} as prefill.py: the names differ only in case")
    single = Submission.locate(sub / name, prefill)
    assert single.module == sub / name and single.notes[0].startswith(f"graded {name} as prefill.py")


def test_the_exact_name_beside_a_case_variant_is_graded_and_the_variant_named(tmp_path, prefill):
    sub = lay(tmp_path / "s", FINISHED, module="Prefill.py")
    (sub / "prefill.py").write_text("def prefill_flops(N, P):\n    pass\n", encoding="utf-8")
    found = Submission.locate(sub, prefill)
    assert found.module == sub / "prefill.py"
    assert found.notes[0].startswith("graded prefill.py; Prefill.py beside it differs only in case")


def test_a_module_named_but_for_case_below_the_top_is_found(tmp_path, prefill):
    repo = folder(tmp_path / "repo", "README.md")
    lay(repo / "exercises" / "prefill", FINISHED, module="Prefill.py")
    assert Submission.locate(repo, prefill).module == repo / "exercises" / "prefill" / "Prefill.py"


def test_a_case_variant_is_graded_to_full_marks(tmp_path, prefill):
    sub = lay(tmp_path / "s", FINISHED, module="Prefill.py")
    report = grade(sub, lesson=prefill, course=Course(ROOT))
    assert report.score == report.max_score
    assert any("graded Prefill.py as prefill.py" in note for note in report.notes)


def test_a_folder_without_the_module_says_what_it_holds_instead(tmp_path, prefill):
    sub = lay(tmp_path / "s", FINISHED, module="Prefill_v2.py.txt")
    (sub / "notes.txt").write_text("x", encoding="utf-8")
    found = Submission.locate(sub, prefill)
    assert found.module is None
    assert found.instead == "; found: Prefill_v2.py.txt, notes.txt" and not found.passed_over


def test_hostile_names_are_shown_inert_in_what_was_found(tmp_path, prefill):
    sub = folder(tmp_path / "s", "evil\x1b[2J.py")
    with pytest.raises(SubmissionError) as info:
        Submission.locate(sub, prefill)
    assert "\x1b" not in str(info.value) and "found: evil" in str(info.value)


@pytest.mark.parametrize("installed", ["venv", ".venv", "env", "node_modules", "lib/site-packages"])
def test_a_tree_of_installed_code_does_not_hide_the_work(tmp_path, prefill, installed):
    """Before: the search stopped after 1000 files, inside the environment, and found nothing."""
    repo = tmp_path / "repo"
    env = repo / installed
    (env / "lib").mkdir(parents=True)
    (env / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    for n in range(1200):
        (env / "lib" / f"m{n}.py").write_bytes(b"")
    (env / "lib" / "prefill.py").write_bytes(b"")  # installed code holding the name: not the student's
    lay(repo / "zwork", FINISHED)  # walked after the environment
    assert lesson_folder(repo, prefill) == repo / "zwork"
