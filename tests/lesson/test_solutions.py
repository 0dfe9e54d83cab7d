"""grader.lesson.solutions: one rule for where a lesson's reference is, and the answers lesson.toml fixes."""

from __future__ import annotations

import re
import shutil
import tomllib

import pytest

from grader.exceptions import ConfigError
from grader.grading.answers import grade_answer
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson
from grader.lesson.solutions import (
    RECORDING,
    checks_needing_reference,
    layouts,
    manifest_answers,
    require_reference,
    resolve_solutions,
)

from paths import ROOT

COURSE = Course(ROOT)
PREFILL = COURSE.lesson("prefill")
SUITE = ROOT / "suites" / "prefill"


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


# ---------------------------------------------------------------------------- no check without its truth

def test_the_checks_needing_the_reference_are_read_from_the_suites_source():
    needing = checks_needing_reference(load_lesson(SUITE))
    assert "test_prefill_seconds.py::test_lesson_example" in needing
    assert "test_prefill_seconds.py::_check" in needing  # a helper taking it counts too: it errs towards demanding
    assert not any(name.endswith("::test_rejects_bad_utilization[zero]") for name in needing)


def test_require_reference_accepts_a_module_or_recorded_answers_and_refuses_neither(tmp_path):
    lesson = load_lesson(SUITE)
    require_reference(lesson, ROOT / "solutions" / "prefill")
    with pytest.raises(ConfigError, match=r"prefill\.py: is missing, and \d+ check\(s\) compare with the reference "
                                          r"solution \(first: test_\w+\.py::\w+\).*a tree holding prefill/"):
        require_reference(lesson, tmp_path)
    suite = tmp_path / "suite"
    shutil.copytree(SUITE, suite, ignore=shutil.ignore_patterns("mutants", "__pycache__"))
    (suite / RECORDING).write_text("{}")  # a student bundle's recording stands in
    require_reference(load_lesson(suite), tmp_path)


def test_a_suite_whose_checks_never_use_the_reference_needs_none(tmp_path):
    suite = tmp_path / "suite"
    shutil.copytree(SUITE, suite, ignore=shutil.ignore_patterns("mutants", "__pycache__"))
    for path in suite.glob("test_*.py"):
        path.write_text(path.read_text().replace("reference", "_unused"))
    require_reference(load_lesson(suite), tmp_path)
