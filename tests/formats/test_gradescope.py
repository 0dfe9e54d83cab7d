"""grader.formats.gradescope: results.json as Gradescope's autograder specification describes it.

The schema in tests/data was written from the specification (see its SOURCES.md); every
report, of every audience and of real gradings, must validate against it.
"""

from __future__ import annotations

import io
import json

import jsonschema
import pytest

from grader.formats.gradescope import GradescopeFormat
from grader.result import Report

from paths import DATA
from sample_reports import SECRET_FAILING_MUTANTS, assert_names_a_students_numbers, graded, make_report

SCHEMA = DATA / "gradescope-results.schema.json"


def render(report: Report) -> dict:
    stream = io.StringIO()
    GradescopeFormat().write(report, stream)
    assert stream.getvalue().endswith("\n")
    return json.loads(stream.getvalue())


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture
def results() -> dict:
    return render(make_report().for_audience("student"))


def test_top_level_fields(results):
    assert results["score"] == 2.75
    assert results["execution_time"] == 1.25
    assert results["visibility"] == "visible"
    assert results["stdout_visibility"] == "hidden"
    assert results["output"].startswith("E1.2 · Lesson 2 of 6: Prefill: 2.75/9 (31%)")


def test_one_test_per_check_with_the_specified_fields(results):
    assert len(results["tests"]) == 7
    for test in results["tests"]:
        assert set(test) >= {"name", "score", "max_score", "status", "output", "visibility", "tags"}
    names = [t["name"] for t in results["tests"]]
    assert names[:2] == ["prefill_flops: lesson_example", "prefill_flops: other_sizes"]
    assert len(set(names)) == len(names)


def test_test_scores_are_the_checks_shares_and_add_up(results):
    by_name = {t["name"]: t for t in results["tests"]}
    assert (by_name["prefill_flops: lesson_example"]["score"], by_name["prefill_flops: lesson_example"]["max_score"]) \
        == (pytest.approx(4 / 3), pytest.approx(4 / 3))
    assert by_name["causal_mask: lower_triangle"]["score"] == 0
    assert by_name["causal_mask: lower_triangle"]["max_score"] == pytest.approx(1.5)
    assert sum(t["score"] for t in results["tests"]) == pytest.approx(results["score"])
    assert sum(t["max_score"] for t in results["tests"]) == pytest.approx(9)


def test_status_and_tags(results):
    by_name = {t["name"]: t for t in results["tests"]}
    assert by_name["causal_mask: shape"]["status"] == "passed"
    assert by_name["causal_mask: diagonal_included"]["status"] == "failed"
    assert by_name["causal_mask: shape"]["tags"] == ["causal_mask"]


def test_visibility_is_each_checks_own(results):
    by_name = {t["name"]: t for t in results["tests"]}
    assert by_name["prefill_flops: other_sizes"]["visibility"] == "hidden"
    assert by_name["causal_mask: lower_triangle"]["visibility"] == "visible"


def test_real_visibility_comes_from_the_manifest():
    tests = {t["name"]: t["visibility"] for t in render(graded("reference"))["tests"]}
    assert tests["prefill_flops: other_sizes"] == "hidden"
    assert tests["prefill_seconds: rejects_bad_utilization[nan]"] == "after_due_date"
    assert tests["prefill_matches_sequential: agrees[small]"] == "after_published"
    assert tests["causal_mask: lower_triangle"] == "visible"
    assert tests["quiz: answers.toml:quiz"] == "visible"


def test_failing_output_has_the_feedback_and_a_note_wins(results):
    by_name = {t["name"]: t for t in results["tests"]}
    assert "not the lesson's lower triangle" in by_name["causal_mask: lower_triangle"]["output"]
    assert by_name["prefill_seconds: a"]["output"].startswith("not implemented yet")
    assert by_name["prefill_flops: lesson_example"]["output"] == "7e9 × 1000 → 1.4e13"


def test_secret_tests_say_the_property_only_to_students(results):
    output = {t["name"]: t["output"] for t in results["tests"]}["causal_mask: diagonal_included"]
    assert output == "the mask must include the diagonal"
    instructor = render(make_report().for_audience("instructor"))
    assert "7919" in {t["name"]: t["output"] for t in instructor["tests"]}["causal_mask: diagonal_included"]


def test_printed_output_only_for_instructors(results):
    assert "104729" not in json.dumps(results)
    assert "104729" in render(make_report().for_audience("instructor"))["output"]


@pytest.mark.parametrize("audience", ["student", "instructor"])
def test_the_sample_validates(validator, audience):
    validator.validate(render(make_report().for_audience(audience)))


@pytest.mark.parametrize("name", ["reference", "stubs", "import_error", *SECRET_FAILING_MUTANTS])
def test_real_results_validate(validator, name):
    validator.validate(render(graded(name).for_audience("student")))


@pytest.mark.parametrize("breakage", [
    lambda d: d.update(score="17"),
    lambda d: d.update(visibility="secret"),
    lambda d: d["tests"][0].update(status="partial"),
    lambda d: d["tests"][0].update(visibility="students"),
    lambda d: (d.pop("score"), [t.pop("score") for t in d["tests"]]),
])
def test_the_schema_catches_what_gradescope_would_reject(validator, results, breakage):
    breakage(results)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(results)


def test_a_failing_tests_output_names_the_misconception_before_what_it_saw():
    from sample_reports import HALF_HINT, diagnosed_report

    tests = render(diagnosed_report().for_audience("student"))["tests"]
    first = next(t for t in tests if t["name"] == "prefill_flops: lesson_example")
    assert first["output"].split("\n\n") == [HALF_HINT, "prefill_flops(7e9, 1000) returned 7e+12"]
    hidden = next(t for t in tests if t["name"] == "prefill_flops: other_sizes")
    assert hidden["output"].split("\n\n") == [HALF_HINT, "prefill_flops(N, P) must be 2 · N · P"]


def test_a_students_numbers_are_named_at_the_top():
    assert_names_a_students_numbers(render)
