"""The prefill lesson's verdicts on what issue 15 found wrong: the lesson's numbers demanded of the function
that makes them, carried-forward mistakes named at their source, gaming that earns little, a right but
slow mask told so, and the three diagnoses that named another mistake than the one made.

Each submission is a mutant (suites/prefill/mutants/) or a corpus entry (tests/corpus/), graded once in
one grading session.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from grader.authoring.mutants import Mutant, load_mutants, materialize
from grader.grading.session import GradingSession
from grader.lesson.course import Course
from grader.result import Report

from paths import ROOT, TESTS

COURSE = Course(ROOT)
LESSON = COURSE.lesson("prefill")
MUTANTS = {m.name: m for m in load_mutants(LESSON)}
CORPUS = {f"{p.parent.name}/{p.stem}": p for p in (TESTS / "corpus").glob("*/*.py")}
GRADED = ["forgot_factor_2", "flops_printed_not_returned", "flops_as_string", "hardcoded_visible_examples",
          "return_true", "slow_mask", "int32_flops", "rejects_int_utilization", "mask_for_visible_sizes"]
FROM_CORPUS = ["causal_pairs/forgot_half", "causal_mask/strict_upper_complement",
               "prefill_matches_sequential/mutates_prompt", "prefill_flops/power_instead_of_times",
               "prefill_seconds/rounded_two_decimals"]
RAISES = "def prefill_matches_sequential(X, W):\n    raise ValueError('shapes')\n"


def _entry(path: Path) -> Mutant:
    return Mutant(path.stem, path, "", frozenset(), whole="# base: none" in path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def graded() -> dict[str, Report]:
    reports = {}
    with GradingSession("prefill", COURSE) as session, tempfile.TemporaryDirectory(prefix="grader-test-") as tmp:
        raises = Path(tmp) / "raises.py"
        raises.write_text(RAISES, encoding="utf-8")
        entries = {**{name: MUTANTS[name] for name in GRADED}, **{name: _entry(CORPUS[name]) for name in FROM_CORPUS},
                   "raises": _entry(raises)}
        for number, (name, mutant) in enumerate(entries.items()):
            folder = materialize(mutant, LESSON, ROOT / "solutions" / "prefill", Path(tmp) / str(number) / "prefill")
            reports[name] = session.grade(folder)
        reports["reference"] = session.grade(ROOT / "solutions" / "prefill")
    return reports


def task(report: Report, task_id: str):
    return next(t for t in report.tasks if t.id == task_id)


def check(report: Report, task_id: str, name: str):
    return next(c for c in task(report, task_id).checks if c.name == name)


def codes(report: Report, task_id: str) -> set[str]:
    return {d.code for d in task(report, task_id).diagnoses}


# ---------------------------------------------------------------------------- item 1: the lesson's numbers

def test_the_lessons_time_is_demanded_of_prefill_seconds_whatever_prefill_flops_does(graded):
    seconds = task(graded["forgot_factor_2"], "prefill_seconds")  # the reference's prefill_seconds, on N · P
    assert not check(graded["forgot_factor_2"], "prefill_seconds", "lesson_example").passed
    assert 0 < seconds.score < seconds.max_score  # carried forward: partial credit, never full marks
    assert codes(graded["forgot_factor_2"], "prefill_seconds") == {"seconds.flops-carried-forward"}
    assert "fix prefill_flops" in seconds.feedback and "0.28 s" in seconds.feedback


@pytest.mark.parametrize("name, returned", [("flops_printed_not_returned", "None"), ("flops_as_string", "str"),
                                            ("prefill_flops/power_instead_of_times", "OverflowError")])
def test_a_prefill_flops_that_gives_no_number_is_named_as_the_source_of_prefill_seconds_error(graded, name,
                                                                                             returned):
    report = graded[name].for_audience("student")
    seconds = task(report, "prefill_seconds")
    assert codes(report, "prefill_seconds") == {"seconds.flops-carried-forward"}
    assert "The problem comes from prefill_flops" in seconds.feedback
    example = check(report, "prefill_seconds", "lesson_example")
    assert "fix prefill_flops first" in example.message and returned in example.message


def test_a_rounded_time_that_refuses_rightly_reads_no_requirement_it_meets(graded):
    """Issue 21's fifth round: the hidden checks' properties a student reads said the refusals were wrong ("must
    raise ValueError ... only") and ints refused, where the time was rounded to 0.0 and ints were accepted."""
    feedback = task(graded["prefill_seconds/rounded_two_decimals"].for_audience("student"), "prefill_seconds").feedback
    assert "must compute a time for every utilization inside (0, 1]" in feedback
    assert "only: a good utilization" not in feedback and "must accept whole-number" not in feedback


# ---------------------------------------------------------------------------- item 5: too slow, not wrong

def test_a_right_but_slow_mask_gets_partial_credit_and_is_told_it_is_too_slow(graded):
    mask = task(graded["slow_mask"], "causal_mask")
    assert 0 < mask.score < mask.max_score
    assert [c.name for c in mask.checks if not c.passed] == ["counts_causal_pairs"]
    assert codes(graded["slow_mask"], "causal_mask") == {"mask.too-slow"}
    student = task(graded["slow_mask"].for_audience("student"), "causal_mask")
    assert "too slow for P = 1000" in student.feedback and "array operations" in student.feedback
    assert "endless loop" not in student.feedback


# ---------------------------------------------------------------------------- item 6: gaming earns little

def test_hard_coding_the_visible_examples_earns_at_most_40_percent_of_the_code_points(graded):
    report = graded["hardcoded_visible_examples"]
    code = [t for t in report.tasks if LESSON.task(t.id).is_code]
    assert sum(t.score for t in code) <= 0.4 * sum(t.max_score for t in code)


def test_return_true_earns_at_most_a_third_of_prefill_matches_sequential(graded):
    sequential = task(graded["return_true"], "prefill_matches_sequential")
    assert sequential.score <= sequential.max_score / 3
    assert codes(graded["return_true"], "prefill_matches_sequential") == {"sequential.constant-true"}


def test_an_exception_passes_no_check(graded):
    sequential = task(graded["raises"], "prefill_matches_sequential")
    assert sequential.score == 0 and not any(c.passed for c in sequential.checks)


# Each new hidden check, proved both ways: a wrong solution fails it, the reference passes it (and every
# right entry of the corpus scores full marks: tests/e2e/test_corpus.py).
HIDDEN = [("int32_flops", "prefill_flops", "integer_arguments"),
          ("rejects_int_utilization", "prefill_seconds", "integer_arguments"),
          ("hardcoded_visible_examples", "prefill_seconds", "rejects_bad_utilization[zero]"),
          ("hardcoded_visible_examples", "causal_pairs", "other_sizes"),
          ("mask_for_visible_sizes", "causal_mask", "other_sizes"),
          ("mask_for_visible_sizes", "causal_mask", "diagonal_included"),
          ("return_true", "prefill_matches_sequential", "really_computes")]


@pytest.mark.parametrize("wrong, task_id, name", HIDDEN)
def test_each_new_hidden_check_fails_a_wrong_solution_and_passes_the_reference(graded, wrong, task_id, name):
    assert not check(graded[wrong], task_id, name).passed
    assert check(graded["reference"], task_id, name).passed
    assert check(graded["reference"], task_id, name).secret


def test_hidden_checks_tell_students_the_property_only(graded):
    report = graded["hardcoded_visible_examples"]
    student = report.for_audience("student")
    for task_result in student.tasks:
        for each in task_result.checks:
            if each.secret and not each.passed:
                full = next(c for c in task(report, task_result.id).checks if c.name == each.name).message
                assert each.message != full
                for secret in ("563", "47", "9.4e", "3000000000", "2048"):  # the hidden inputs of this report
                    assert secret not in each.message, each.message


# -------------------------------------------------------------------- the three diagnoses that named another mistake

@pytest.mark.parametrize("name, task_id, right, wrong", [
    ("causal_pairs/forgot_half", "causal_pairs", "pairs.not-halved", "pairs.off-by-one"),
    ("causal_mask/strict_upper_complement", "causal_mask", "mask.inverted", "mask.diagonal-missing"),
    ("prefill_matches_sequential/mutates_prompt", "prefill_matches_sequential", "sequential.mutates-input",
     "sequential.loop-not-cumulative"),
])
def test_a_mistake_is_named_for_what_it_is(graded, name, task_id, right, wrong):
    assert codes(graded[name], task_id) == {right}
