"""Issue 21's functions from outside the project's corpus, laid over the reference and graded end to end.

``graded_as_the_lesson_says`` is the one check of tests/e2e/test_outside_corpus*.py: each case is a function or two a
student outside this project wrote. A right one must get full marks on its task; a wrong one must lose points
there, its feedback must say what ``says`` holds (a catalogue code: its diagnoses must hold it) and never what
``never`` holds (a cause the evidence does not support).
"""

from __future__ import annotations

import re

import pytest

from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT

RIGHT, WRONG = True, False


def graded_as_the_lesson_says(case: tuple, course, tmp_path) -> None:
    """``case``: (lesson id, task id, RIGHT or WRONG, the functions' source, says, never)."""
    lesson_id, task_id, right, source, says, never = case
    lesson = course.lesson(lesson_id)
    folder = tmp_path / lesson_id
    folder.mkdir()
    reference = (ROOT / "solutions" / lesson_id / lesson.module).read_text(encoding="utf-8")
    (folder / lesson.module).write_text(reference + "\n\n" + source, encoding="utf-8")
    task = grade(folder, lesson_id, course=course).task(task_id)
    assert (task.score == task.max_score) is right, task.feedback
    codes = {d.code for d in task.diagnoses}
    for text in says:  # a catalogue code is asked of the diagnoses, anything else of the feedback's text
        assert (text in codes) if re.fullmatch(r"[a-z]+\.[a-z0-9-]+", text) else (text in task.feedback), \
            (text, codes, task.feedback)
    for text in never:
        assert text not in task.feedback and text not in codes, (text, codes, task.feedback)


def each_case(cases: dict):
    """A module of cases' check, parametrized over its ``cases``, and the course fixture it reads: assigned to
    module names (``course, test_each_... = each_case(CASES)``), where pytest collects them."""
    @pytest.fixture(scope="module")
    def course() -> Course:
        return Course(ROOT)

    @pytest.mark.parametrize("name", sorted(cases))
    def test_each_function_from_outside_the_corpus_is_graded_as_the_lesson_says(name, course, tmp_path):
        graded_as_the_lesson_says(cases[name], course, tmp_path)

    return course, test_each_function_from_outside_the_corpus_is_graded_as_the_lesson_says
