"""Hidden means hidden: no student-facing format shows a secret check's inputs or expected values.

Two greps over every registered format. One uses a hand-made report whose secret check
holds sentinel literals. The other grades real wrong solutions that fail every secret
check of the prefill manifest, collects the calls and values that only the instructor's
view of those checks contains, and looks for each of them in every student report.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest

from grader import formats
from grader.lesson.course import Course
from grader.result import Report

from sample_reports import PRINTED, ROOT, SECRET_EXPECTED, SECRET_FAILING_MUTANTS, SECRET_INPUT, graded, make_report

FUNCTIONS = "prefill_flops|prefill_seconds|causal_pairs|causal_mask|prefill_matches_sequential"
NESTED = r"\((?:[^()]|\((?:[^()]|\([^()]*\))*\))+\)"  # parentheses, nested up to three deep
CALL = re.compile(rf"\b(?:{FUNCTIONS}){NESTED}")  # a call with its arguments
VALUE = re.compile(r"\b(?:expected|returned|has) (-?[0-9][0-9.e+-]*|nan|True|False)")
RAISED = re.compile(r"raised \w+(?: \([^()]*\))?: (.{8,})")  # what the student's exception said


def render(name: str, report: Report) -> str:
    stream = io.StringIO()
    formats.create(name).write(replace(report, execution_time=0.0), stream)
    return stream.getvalue()


@pytest.mark.parametrize("name", formats.names())
def test_sentinels_never_reach_a_student(name):
    text = render(name, make_report().for_audience("student"))
    for secret in (SECRET_INPUT, SECRET_EXPECTED, "104729"):
        assert secret not in text
    if name != "github":  # annotations only cover tasks; the secret check's property is there too
        assert "the mask must include the diagonal" in text


@pytest.mark.parametrize("name", formats.names())
def test_instructors_see_the_sentinels(name):
    text = render(name, make_report().for_audience("instructor"))
    assert SECRET_INPUT in text and SECRET_EXPECTED in text
    if name != "github":
        assert PRINTED in text


def secret_fragments(report: Report) -> set[str]:
    """Calls and values that only the instructor's view of the secret failing checks contains."""
    student = report.for_audience("student")
    allowed = " ".join(
        [t.title + " " + t.note for t in student.tasks]
        + [f"{c.name} {c.message} {c.safe_message} {c.description}" for t in student.tasks for c in t.checks])
    found = set()
    for task in report.tasks:
        for check in task.checks:
            if check.secret and not check.passed:
                found |= set(CALL.findall(check.message))
                found |= {m for m in VALUE.findall(check.message) if len(m) >= 3}
                found |= set(RAISED.findall(check.message))
    return {f for f in found if f not in allowed}


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    """Graded with a student's own numbers: their own-number checks are secret too, and run only then."""
    return {name: graded(name, student="hidden-check-student") for name in SECRET_FAILING_MUTANTS}


def test_the_mutants_fail_every_secret_check_of_the_manifest(reports):
    lesson = Course(ROOT).lesson("prefill")
    secret = {f"{t.id}::{name}" for t in lesson.tasks for name, v in t.check_visibility if v != "visible"}
    assert {"prefill_flops::own_numbers", "causal_pairs::own_numbers"} <= secret
    failed = {f"{t.id}::{c.name.split('[')[0]}" for r in reports.values() for t in r.tasks for c in t.checks
              if c.secret and not c.passed}
    assert secret and secret <= failed


def test_there_is_something_to_find(reports):
    fragments = set().union(*(secret_fragments(r) for r in reports.values()))
    assert len(fragments) >= 10, fragments  # else the grep below could not fail
    assert any("causal_mask(7)" in f for f in fragments)


@pytest.mark.parametrize("name", formats.names())
def test_no_student_format_shows_a_secret_input_or_expected_value(reports, name):
    for mutant, report in reports.items():
        text = render(name, report.for_audience("student"))
        leaked = sorted(f for f in secret_fragments(report) if f in text)
        assert leaked == [], f"{name} report of {mutant} shows {leaked}"


@pytest.mark.parametrize("name", ["text", "json", "junit", "html"])
def test_the_instructors_format_shows_them(reports, name):
    report = reports["diagonal_excluded"]
    text = render(name, report.for_audience("instructor"))
    assert all(f in text for f in secret_fragments(report))
