"""grader.formats.junit: JUnit XML that CI systems accept (the Jenkins junit-10 XSD) and read (junitparser)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import junitparser
import pytest
import xmlschema

from grader.formats.junit import JunitFormat
from grader.result import CheckResult, Report, TaskResult

from paths import DATA
from sample_reports import SECRET_FAILING_MUTANTS, graded, make_report

XSD = DATA / "junit-10.xsd"


def render(report: Report) -> str:
    stream = io.StringIO()
    JunitFormat().write(report, stream)
    return stream.getvalue()


@pytest.fixture(scope="module")
def schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(XSD))


def parse(text: str, tmp_path: Path) -> junitparser.JUnitXml:
    path = tmp_path / "report.xml"
    path.write_text(text, encoding="utf-8")
    return junitparser.JUnitXml.fromfile(str(path))


@pytest.mark.parametrize("audience", ["student", "instructor"])
def test_the_sample_is_valid_junit(schema, audience):
    schema.validate(render(make_report().for_audience(audience)))


@pytest.mark.parametrize("name", ["reference", "stubs", "import_error", *SECRET_FAILING_MUTANTS])
def test_real_reports_are_valid_junit(schema, name):
    schema.validate(render(graded(name).for_audience("student")))


def test_the_xsd_rejects_what_ci_would_reject(schema):
    good = render(make_report())
    for bad in (good.replace("<testcase name=", "<testcase nom=", 1), good.replace('tests="3"', 'tests="three"', 1),
                good.replace("<failure", "<failed", 1).replace("</failure>", "</failed>", 1)):
        assert not schema.is_valid(bad)


def test_one_suite_per_task_one_case_per_check(tmp_path):
    xml = parse(render(make_report().for_audience("student")), tmp_path)
    suites = list(xml)
    assert [s.name for s in suites] == ["prefill_flops", "causal_mask", "prefill_seconds", "quiz"]
    assert [[c.name for c in s] for s in suites][1] == ["shape", "lower_triangle", "diagonal_included"]
    assert (suites[1].tests, suites[1].failures, suites[1].errors) == (3, 2, 0)
    assert {c.classname for c in suites[1]} == {"prefill.causal_mask"}


def test_failures_carry_the_feedback(tmp_path):
    xml = parse(render(make_report().for_audience("student")), tmp_path)
    case = next(c for s in xml for c in s if c.name == "lower_triangle")
    (failure,) = case.result
    assert isinstance(failure, junitparser.Failure)
    assert failure.message == "causal_mask(5) is not the lesson's lower triangle:"
    assert "■ ■ ■ ■ ■" in failure.text
    unstarted = next(c for s in xml for c in s if c.name == "a")
    assert unstarted.result[0].text.startswith("not implemented yet")


def test_a_check_that_could_not_run_is_an_error(tmp_path):
    xml = parse(render(make_report()), tmp_path)
    case = next(c for s in xml for c in s if c.name == "answers.toml:quiz")
    assert isinstance(case.result[0], junitparser.Error)
    assert next(c for s in xml for c in s if c.name == "shape").is_passed


def test_task_scores_are_suite_properties(tmp_path):
    xml = parse(render(make_report()), tmp_path)
    properties = {p.name: p.value for p in list(xml)[1].properties()}
    assert properties == {"title": "causal_mask(P): the lower triangle", "score": "0.75", "max_score": "3",
                          "status": "partial"}


def test_characters_xml_cannot_hold_are_replaced(schema):
    report = Report("prefill", "", "s", [TaskResult("t", "", 1.0, [CheckResult("c", False, "nul \x00 bell \x07")])])
    text = render(report)
    schema.validate(text)
    assert "\x00" not in text and "\x07" not in text
    assert "nul \\x00 bell \\x07" in text  # shown as the escapes they are (grader.result.text)


def test_printed_output_only_for_instructors():
    assert "104729" not in render(make_report().for_audience("student"))
    assert "<system-out>printed by the submission: 104729" in render(make_report().for_audience("instructor"))


def test_a_failure_message_is_the_misconception_and_its_text_adds_what_was_seen():
    from sample_reports import HALF_HINT, diagnosed_report

    text = render(diagnosed_report().for_audience("student"))
    failure = re.search(r'<failure message="([^"]*)" type="CheckFailed">([^<]*)</failure>', text)
    assert failure.group(1) == HALF_HINT
    assert failure.group(2) == f"{HALF_HINT}\n\nprefill_flops(7e9, 1000) returned 7e+12"
