"""Running a lesson's suite: its wiring errors are the instructor's, named precisely."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.course import Course
from grader.engine import grade
from grader.exceptions import ConfigError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def suite(course: Course) -> Path:
    return course.root / "suites" / "prefill"


def test_a_check_without_task_marker_is_named(course):
    (suite(course) / "test_extra.py").write_text("def test_orphan(student):\n    pass\n")
    with pytest.raises(ConfigError, match=r"test_extra.py::test_orphan.*pytest.mark.task"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_check_for_an_unknown_task_is_named(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\n@pytest.mark.task('decode_speed')\ndef test_x(student):\n    pass\n")
    with pytest.raises(ConfigError, match="decode_speed"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_suite_file_that_does_not_import_is_named(course):
    (suite(course) / "test_extra.py").write_text("import numpy as np\nthis is not python\n")
    with pytest.raises(ConfigError, match="test_extra.py"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_code_task_without_checks_is_named(course):
    (suite(course) / "test_causal_pairs.py").unlink()
    with pytest.raises(ConfigError, match="no check is marked for task 'causal_pairs'"):
        grade(course.root / "solutions" / "prefill", course=course)


def test_a_bug_in_a_check_is_reported_as_an_error_not_the_students_fault(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\n@pytest.mark.task('causal_pairs')\ndef test_buggy(student):\n    1 / 0\n")
    report = grade(course.root / "solutions" / "prefill", course=course)
    task = report.task("causal_pairs")
    assert task.status == "partial"
    assert "internal error in check 'buggy'" in task.feedback and "not in your code" in task.feedback


def test_weights_shape_partial_credit(course):
    (suite(course) / "test_extra.py").write_text(
        "import pytest\npytestmark = pytest.mark.task('causal_pairs')\n"
        "@pytest.mark.weight(5)\ndef test_heavy(student):\n    assert False, 'heavy check failed'\n")
    report = grade(course.root / "solutions" / "prefill", course=course)
    task = report.task("causal_pairs")  # four passing checks of weight 1, one failing of weight 5
    assert task.score == pytest.approx(task.max_score * 4 / 9)
    assert "heavy check failed" in task.feedback


def test_a_broken_reference_solution_is_named(course):
    (course.root / "solutions" / "prefill" / "prefill.py").write_text("import numpy as np\nraise ValueError('oops')\n")
    with pytest.raises(ConfigError, match="reference solution cannot be imported"):
        grade(course.root / "exercises" / "prefill", course=course)
