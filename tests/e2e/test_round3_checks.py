"""Issue 25, classes 1 and 8 (tests/hostile/round3_checks.py): gamed checks earn nothing, right functions
written unusually keep full marks, and a name a submission chose on a hidden input never reaches a student.

Each case is laid over its lesson's reference solution and graded once, in one grading session per lesson.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest

from grader.authoring.mutants import Mutant, materialize
from grader.grading.session import GradingSession
from grader.lesson.course import Course
from grader.result import Report

from paths import ROOT, TESTS

sys.path.insert(0, str(TESTS / "hostile"))
from round3_checks import CASES, Case

COURSE = Course(ROOT)


@pytest.fixture(scope="module")
def graded() -> dict[str, Report]:
    reports = {}
    with tempfile.TemporaryDirectory(prefix="grader-test-") as tmp:
        for lesson in sorted({c.lesson for c in CASES}):
            module = COURSE.lesson(lesson).module
            with GradingSession(lesson, COURSE) as session:
                for number, case in enumerate(c for c in CASES if c.lesson == lesson):
                    source = Path(tmp) / f"{lesson}-{number}" / module
                    source.parent.mkdir()
                    source.write_text(case.module, encoding="utf-8")
                    overlay = Mutant(case.id, source, case.id, frozenset())
                    folder = materialize(overlay, COURSE.lesson(lesson), ROOT / "solutions" / lesson,
                                         Path(tmp) / f"{lesson}-{number}-graded" / lesson)
                    reports[case.id] = session.grade(folder)
    return reports


@pytest.mark.parametrize("case", CASES, ids=[f"{c.klass}-{c.id}" for c in CASES])
def test_round3_case(graded, case: Case):
    report = graded[case.id]
    for task_id, most in case.at_most.items():
        assert report.task(task_id).score <= most, f"{case.id}: {task_id} scored {report.task(task_id).score}"
    for task_id in case.full:
        task = report.task(task_id)
        assert task.score == task.max_score, f"{case.id}: {task_id} lost points: {task.feedback}"
    for wanted in case.fails:
        task_id, check = wanted.split("::")
        named = [c for c in report.task(task_id).checks if c.name.startswith(check)]
        assert named and not any(c.passed for c in named), f"{case.id}: {wanted} passed"
    for wanted in case.passes:
        task_id, check = wanted.split("::")
        named = [c for c in report.task(task_id).checks if c.name.startswith(check)]
        assert named and all(c.passed for c in named), f"{case.id}: {wanted} failed"
    instructor = json.dumps(report.for_audience("instructor").to_dict(), ensure_ascii=False)
    for said in case.details:
        assert said in instructor, f"{case.id}: {said!r} is not in the instructor's report"
    student = json.dumps(report.for_audience("student").to_dict(), ensure_ascii=False)
    for secret in case.never:
        assert secret not in student, f"{case.id}: {secret!r} reached a student's report"
    for said in case.says:
        assert said in student, f"{case.id}: {said!r} is no longer named"
