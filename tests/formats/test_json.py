"""grader.formats.json: the machine-readable report, and the versioned schema shipped with it."""

from __future__ import annotations

import io
import json

import jsonschema
import pytest

from grader.formats.json import FORMAT_VERSION, SCHEMA, JsonFormat
from grader.result import CheckResult, Report, TaskResult

from sample_reports import SECRET_FAILING_MUTANTS, graded, make_report


def render(report: Report) -> str:
    stream = io.StringIO()
    JsonFormat().write(report, stream)
    return stream.getvalue()


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_json_parses_and_round_trips():
    report = make_report()
    data = json.loads(render(report))
    assert data.pop("format_version") == FORMAT_VERSION == 1
    assert data == report.to_dict()


def test_the_schema_is_shipped_in_the_package_and_versioned():
    assert SCHEMA.name == f"report-{FORMAT_VERSION}.schema.json"
    assert SCHEMA.parent.name == "schemas" and SCHEMA.parent.parent.name == "grader"
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["properties"]["format_version"] == {"const": FORMAT_VERSION}


def test_json_contract_values():
    data = json.loads(render(make_report()))
    assert data["lesson"] == "prefill"
    assert data["score"] == 2.75  # 2 + 3 · 1/4 (the failing lower_triangle weighs 2 of 4)
    assert data["max_score"] == 9.0
    assert [(t["id"], t["status"], t["score"]) for t in data["tasks"]] == [
        ("prefill_flops", "passed", 2.0), ("causal_mask", "partial", 0.75), ("prefill_seconds", "failed", 0.0),
        ("quiz", "error", 0.0)]
    assert data["tasks"][1]["checks"][2]["visibility"] == "hidden"
    assert data["tasks"][2]["feedback"].startswith("not implemented yet")


@pytest.mark.parametrize("audience", ["student", "instructor"])
def test_the_sample_report_validates(validator, audience):
    validator.validate(json.loads(render(make_report().for_audience(audience))))


@pytest.mark.parametrize("name", ["reference", "stubs", *SECRET_FAILING_MUTANTS, "import_error", "quiz_yes"])
def test_every_real_report_validates(validator, name):
    for audience in ("student", "instructor"):
        validator.validate(json.loads(render(graded(name).for_audience(audience))))


def test_the_schema_declares_every_key_the_report_writes():
    """Extra keys are allowed for readers, but every key we write must be documented in the schema."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    data = json.loads(render(graded("diagonal_excluded")))
    assert set(data) <= set(schema["properties"])
    for task in data["tasks"]:
        assert set(task) <= set(schema["$defs"]["task"]["properties"])
        for check in task["checks"]:
            assert set(check) <= set(schema["$defs"]["check"]["properties"])


@pytest.mark.parametrize("breakage", [
    lambda d: d.pop("tasks"),
    lambda d: d.update(format_version=2),
    lambda d: d["tasks"][0].update(status="ok"),
    lambda d: d["tasks"][0]["checks"][0].update(passed="yes"),
    lambda d: d["tasks"][1]["checks"][2].update(visibility="secret"),
])
def test_the_schema_rejects_broken_reports(validator, breakage):
    data = json.loads(render(make_report()))
    breakage(data)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(data)


def test_json_keeps_unicode_readable():
    out = render(make_report())
    assert "■" in out and "·" in out
    assert "\\u" not in out


def test_student_json_carries_only_the_property_of_a_secret_check():
    data = json.loads(render(make_report().for_audience("student")))
    check = data["tasks"][1]["checks"][2]
    assert check["message"] == "the mask must include the diagonal"
    assert data["output"] == ""


def test_a_check_result_of_an_empty_task():
    data = json.loads(render(Report("x", "", "s", [TaskResult("t", "", 1.0, [CheckResult("c", True)])])))
    assert data["tasks"][0]["checks"][0]["visibility"] == "visible"


def test_a_diagnosis_is_in_the_json_and_the_schema_knows_its_shape(validator):
    from sample_reports import HALF_HINT, diagnosed_report

    data = json.loads(render(diagnosed_report().for_audience("student")))
    validator.validate(data)
    flops = data["tasks"][0]
    assert flops["diagnoses"] == [{"code": "flops.missing-factor-2", "hint": HALF_HINT}]
    assert flops["checks"][1]["diagnosis"]["code"] == "flops.missing-factor-2"  # safe on a hidden check too
    assert flops["feedback"].splitlines()[0] == HALF_HINT
    assert data["tasks"][1]["checks"][0]["diagnosis"] is None
    for broken in ({"code": "Half", "hint": "h"}, {"code": "flops.half"}, {"code": "flops.half", "hint": ""}):
        data["tasks"][0]["checks"][0]["diagnosis"] = broken
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(data)


def test_a_real_diagnosed_report_validates(validator):
    data = json.loads(render(graded("forgot_factor_2").for_audience("student")))
    validator.validate(data)
    assert [d["code"] for t in data["tasks"] for d in t["diagnoses"]] == ["flops.missing-factor-2",
                                                                          "seconds.flops-carried-forward"]


def test_a_report_graded_with_a_students_numbers_validates_and_documents_its_keys(validator):
    from grader.result import VariantNumbers

    report = make_report()
    said = (("N", 13e9, "a 1.3·10¹⁰-parameter model"), ("P", 2000, "a 2000-token prompt"))
    report.variant = VariantNumbers("ann", said, (("hand_flops", 5.2e13),))
    report.tasks[3].checks[0].expected = "5.2e13 FLOPs"
    report.tasks[3].checks[0].lesson_example = True
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for audience in ("student", "instructor"):
        data = json.loads(render(report.for_audience(audience)))
        validator.validate(data)
        assert set(data["variant"]) <= set(schema["properties"]["variant"]["properties"])
        assert data["variant"]["parameters"] == {"N": 13e9, "P": 2000}
        assert data["variant"]["answers"] == ({"hand_flops": 5.2e13} if audience == "instructor" else {})
    assert json.loads(render(report))["tasks"][3]["checks"][0]["expected"] == "5.2e13 FLOPs"
