"""grader.grading.guard: a call outside the lesson's contract is the suite's bug, never the student's 0."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from grader.grading.engine import grade
from grader.grading.guard import OutsideContract, guard
from grader.lesson.course import Course

from paths import ROOT


@pytest.fixture
def course(tmp_path) -> Course:
    for tree in ("exercises", "solutions", "suites"):
        shutil.copytree(ROOT / tree, tmp_path / tree, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    return Course(tmp_path)


def test_guard_stops_a_call_outside_and_lets_inside_and_stated_errors_through(course):
    lesson = course.lesson("prefill")
    guard(lesson, "prefill_seconds", (7e9, 1000, 1e14), {"utilization": 0.5})
    guard(lesson, "prefill_seconds", (7e9, 1000, 1e14, -0.5), {})  # the lesson says: ValueError
    guard(lesson, "no_contract_here", ("anything",), {})
    with pytest.raises(OutsideContract, match=r"W's d is 5, another argument's d is 3"):
        guard(lesson, "prefill_matches_sequential", (np.ones((4, 3)), np.ones((5, 5))), {})
    assert not issubclass(OutsideContract, Exception)  # a check's `except Exception` cannot swallow it


CHECK = """import numpy as np
import pytest

@pytest.mark.task("prefill_matches_sequential")
def test_misfit(student):
    try:
        student.prefill_matches_sequential(np.ones((4, 3)), np.ones((5, 5)))
    except Exception:
        pass
"""


def test_a_check_that_calls_outside_the_contract_is_an_error_of_the_suite(course):
    (course.root / "suites" / "prefill" / "test_extra.py").write_text(CHECK)
    report = grade(course.root / "solutions" / "prefill", course=course)
    task = report.task("prefill_matches_sequential")
    check = next(c for c in task.checks if c.name == "misfit")
    assert check.error and check.broken and not check.passed
    assert "outside the lesson's contract" in check.message and "tell your instructor" in check.safe_message


def test_a_diagnosis_probe_outside_the_contract_is_an_error_too(course):
    models = course.root / "suites" / "prefill" / "test_extra.py"
    models.write_text("""import pytest
from grader.checks import probe

@pytest.mark.task("causal_pairs")
def test_probe(student, diagnose):
    diagnose("causal_pairs", [probe(4), probe(0)])
""")
    report = grade(course.root / "solutions" / "prefill", course=course)
    check = next(c for c in report.task("causal_pairs").checks if c.name == "probe")
    assert check.broken and "P = 0 is outside P ≥ 1" in check.message
