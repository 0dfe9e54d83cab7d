"""grader.lesson.solutions: one rule for where a lesson's reference is, and the answers lesson.toml fixes."""

from __future__ import annotations

import re
import shutil
import tomllib

import pytest

from grader.exceptions import ConfigError
from grader.grading.answers import grade_answer
from grader.lesson.course import Course
from grader.lesson.solutions import layouts, manifest_answers, resolve_solutions

from paths import ROOT

COURSE = Course(ROOT)
PREFILL = COURSE.lesson("prefill")


def test_without_the_option_the_course_s_own_folder_even_when_it_is_missing(tmp_path):
    assert resolve_solutions(COURSE, PREFILL) == ROOT / "solutions" / "prefill"
    assert resolve_solutions(Course(tmp_path), PREFILL) == tmp_path / "solutions" / "prefill"  # a student bundle


@pytest.mark.parametrize("given", ["solutions", "solutions/prefill"], ids=["tree", "lesson-folder"])
def test_a_tree_and_a_lesson_folder_give_the_same_folder(given):
    assert resolve_solutions(COURSE, PREFILL, ROOT / given) == ROOT / "solutions" / "prefill"


def test_a_folder_holding_only_the_answers_is_a_lesson_folder_too(tmp_path):
    shutil.copy(ROOT / "solutions" / "prefill" / "answers.toml", tmp_path)
    assert resolve_solutions(COURSE, PREFILL, tmp_path) == tmp_path


def test_the_lesson_s_folder_of_a_tree_wins_over_the_tree_s_top(tmp_path):
    for folder in (tmp_path, tmp_path / "prefill"):
        folder.mkdir(exist_ok=True)
        (folder / "prefill.py").write_text("")
    assert resolve_solutions(COURSE, PREFILL, tmp_path) == tmp_path / "prefill"


@pytest.mark.parametrize("make, said", [
    (lambda p: p / "nowhere", "is not a folder"),
    (lambda p: p, "holds neither prefill/prefill.py nor prefill.py"),
    (lambda p: (p / "latency").mkdir() or (p / "latency" / "latency.py").write_text("") or p,
     "holds neither prefill/prefill.py nor prefill.py"),
    (lambda p: (p / "file").write_text("") or p / "file", "is not a folder"),
], ids=["missing", "empty", "another-lesson", "a-file"])
def test_a_path_holding_neither_layout_is_a_configuration_error_naming_it_and_both_layouts(tmp_path, make, said):
    path = make(tmp_path)
    with pytest.raises(ConfigError) as caught:
        resolve_solutions(COURSE, PREFILL, path)
    assert caught.value.source == f"--solutions {path}"
    assert said in caught.value.problem and layouts(PREFILL) in caught.value.problem
    assert re.search(r"a lesson folder holding prefill\.py .*such as solutions/prefill/, or a tree holding "
                     r"prefill/, such as solutions/", layouts(PREFILL))


@pytest.mark.parametrize("lesson_id", COURSE.lesson_ids())
def test_the_manifest_s_answers_score_full_marks_on_every_answer_task(lesson_id):
    lesson = COURSE.lesson(lesson_id)
    answers = tomllib.loads(manifest_answers(lesson))
    tasks = [t for t in lesson.tasks if t.answer]
    assert tasks and set(answers) == {t.answer.key for t in tasks}
    for task in tasks:
        assert grade_answer(task, answers, None, lesson.answers).passed, task.id


def test_the_manifest_s_answers_are_written_exactly(tmp_path):
    (tmp_path / "lesson.toml").write_text('''id = "t"
module = "t.py"
[[tasks]]
id = "a"
points = 1
[tasks.answer]
key = "odd key"
kind = "number"
expected = 0.1
rel_tol = 1e-12
[[tasks]]
id = "b"
points = 1
[tasks.answer]
key = "pick"
kind = "choice"
expected = "B"
choices = { A = "Yes", B = "No \\"really\\"" }
''', encoding="utf-8")
    from grader.lesson.manifest import load_lesson

    answers = tomllib.loads(manifest_answers(load_lesson(tmp_path)))
    assert answers == {"odd key": "0.1", "pick": "B"}
