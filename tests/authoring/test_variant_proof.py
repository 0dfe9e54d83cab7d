"""grader.authoring.variant_proof: a lesson with parameters is proved on students' numbers too."""

from __future__ import annotations

import importlib.util
import shutil
import types
from pathlib import Path

import pytest

from grader.authoring.variant_proof import MIN_BY_HAND, VariantProof, sample, survey, transpose, variant_report
from grader.authoring.verdict import SOLUTION, SUITE, Validation
from grader.grading.engine import grade
from grader.lesson.course import Course
from grader.lesson.manifest import load_lesson

from paths import ROOT

COURSE = Course(ROOT)
PREFILL, LATENCY = COURSE.lesson("prefill"), COURSE.lesson("latency")


def _reference(lesson_id: str):
    path = ROOT / "solutions" / lesson_id / f"{lesson_id}.py"
    spec = importlib.util.spec_from_file_location(f"_proof_reference_{lesson_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCE = _reference("prefill")


def _lesson(tmp_path: Path, *edits: tuple[str, str]):
    suite = tmp_path / "prefill"
    shutil.copytree(ROOT / "suites" / "prefill", suite, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = suite / "lesson.toml"
    text = manifest.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    manifest.write_text(text, encoding="utf-8")
    return load_lesson(suite)


def test_the_lessons_survey_clean():
    prefill = survey(PREFILL, REFERENCE)
    assert (prefill.combinations, prefill.surveyed, prefill.by_hand, prefill.problems) == (5400, 5400, 5400, [])
    latency = survey(LATENCY, _reference("latency"))
    assert latency.problems == [] and MIN_BY_HAND <= latency.by_hand < latency.surveyed == 1710


def test_a_reference_that_disagrees_on_the_lessons_own_numbers_is_at_fault():
    wrong = types.SimpleNamespace(**{**vars(REFERENCE), "prefill_flops": lambda N, P: N * P})
    found = survey(PREFILL, wrong)
    assert any(p.startswith("hand_flops: 'prefill_flops(N, P)' gives 7e12 for the lesson's own numbers")
               for p in found.problems)


def test_too_few_numbers_by_hand_are_refused(tmp_path):
    lesson = _lesson(tmp_path, ("choices = [1e9, 2e9, 3e9, 4e9, 6e9, 7e9, 8e9, 13e9, 30e9, 70e9]",
                                "choices = [7e9, 1.234e9]"),
                     ("choices = [500, 1000, 1500, 2000, 3000, 5000]", "choices = [1000, 2047]"),
                     ("choices = [1e14, 2e14, 1e15]", "choices = [1e14, 3e14]"),
                     ("choices = [0.2, 0.25, 0.5]", "choices = [0.5, 0.3]"))
    found = survey(lesson, REFERENCE)
    assert found.by_hand == 10  # the lesson's own, with each T
    assert any("only 10 of 160 combinations of [parameters] give answers a person computes by hand" in p
               for p in found.problems)
    assert any(p.startswith("parameters.N: 1.234e9 never appear") for p in found.problems)


def test_a_choice_no_student_can_get_is_named(tmp_path):
    lesson = _lesson(tmp_path, ("choices = [500, 1000, 1500, 2000, 3000, 5000]",
                                "choices = [500, 1000, 1500, 2000, 3000, 5000, 1234567]"))
    found = survey(lesson, REFERENCE)
    assert any(p.startswith("parameters.P: 1.234567e6 never appear") for p in found.problems)


def test_a_students_numbers_outside_the_contract_are_refused(tmp_path):
    lesson = _lesson(tmp_path, ("T = { range = [3, 12], step = 1, example = 4",
                                "T = { choices = [0.5, 3, 4, 5, 6, 7, 8], example = 4"))
    found = survey(lesson, REFERENCE)
    assert any("call causal_pairs(0.5,), outside the lesson's [contract]" in p for p in found.problems)


def test_answers_are_carried_over_to_a_students_numbers():
    variant = sample(COURSE, PREFILL, REFERENCE, 1)[0]
    p = variant.parameters
    moved = transpose(PREFILL, {"flops": "1.4e13", "seconds": "0.14 s", "pairs": "2 × 7", "quiz": "A"}, variant)
    assert float(moved["flops"]) == pytest.approx(2 * p["N"] * p["P"])
    assert float(moved["seconds"]) == pytest.approx(2 * p["N"] * p["P"] / p["peak"])  # the peak-rate hint, theirs
    assert moved["pairs"] == "2 × 7" and moved["quiz"] == "A"  # unreadable, and a choice: as typed


def test_a_variants_report_adds_its_own_number_checks_and_regrades_the_answers():
    variants = sample(COURSE, PREFILL, REFERENCE, 2)
    base = grade(ROOT / "solutions" / "prefill", lesson="prefill", course=COURSE, variants=variants)
    assert len(base.per_variant) == 2 and base.score == base.max_score
    answers = {"flops": "1.4e13", "seconds": "0.28 s", "pairs": 10, "quiz": "B"}
    report = variant_report(PREFILL, base, base.per_variant[0], answers, None, "answers.toml", variants[0])
    assert report.score == report.max_score  # the lesson's answers carried over: that student's right answers
    assert [c.name for c in report.task("prefill_flops").checks][-1] == "own_numbers"
    assert report.task("hand_flops").checks[0].description != PREFILL.task("hand_flops").answer.question


def test_a_lesson_without_parameters_has_nothing_to_prove(tmp_path):
    proof = VariantProof(COURSE, PREFILL.__class__(**{**PREFILL.__dict__, "parameters": None}),
                         ROOT / "solutions" / "prefill")
    found = Validation("prefill", ROOT)
    proof.survey_rows(found)
    assert proof.variants == [] and found.rows == [] and proof.judged(None, None) == (0, "")


def test_the_proof_says_whose_fault_it_is():
    proof = VariantProof(COURSE, PREFILL, ROOT / "solutions" / "prefill")
    assert len(proof.variants) == 50 and proof.survey.problems == []
    found = Validation("prefill", ROOT)
    proof.survey.problems = ["hand_flops: 'x' gives 1 for the lesson's own numbers, but …", "too few"]
    proof.survey_rows(found)
    assert found.rows[0][0] == "students' numbers" and not found.rows[0][3]
    assert [who for who, _ in found.problems] == [SOLUTION, SUITE]


def test_the_parameters_own_numbers_must_be_the_contracts(tmp_path):
    lesson = _lesson(tmp_path, ("[contract.prefill_flops]\nN = { kind = \"real\", min = 1, sample = [1, 1e13], "
                                "spread = \"log\", example = 7e9 }",
                                "[contract.prefill_flops]\nN = { kind = \"real\", min = 1, sample = [1, 1e13], "
                                "spread = \"log\", example = 8e9 }"))
    found = survey(lesson, REFERENCE)
    assert "prefill_flops's N is 8e9 in [contract] (the lesson's own), but 7e9 at the example of [parameters]" \
        in found.problems


def test_a_course_without_a_salt_is_still_validated_and_told_so(tmp_path):
    for tree in ("suites", "solutions"):
        shutil.copytree(ROOT / tree / "latency", tmp_path / tree / "latency",
                        ignore=shutil.ignore_patterns("__pycache__"))
    course = Course(tmp_path)
    proof = VariantProof(course, course.lesson("latency"), tmp_path / "solutions" / "latency")
    found = Validation("latency", tmp_path)
    proof.survey_rows(found)
    assert len(proof.variants) == 50 and found.problems == []
    assert any("course.toml has no [term] salt" in note for note in found.notes)
