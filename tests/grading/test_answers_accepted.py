"""grader.grading.answers: an answer graded by its question's declared comparison against every accepted value.

Reading answers as typed, hints and diagnoses, and each answer on its own are
tests/grading/test_answers.py, kept apart so that neither file passes the project's 450 lines;
what each comparison accepts at its edges is tests/lesson/test_tolerance.py.
"""

from __future__ import annotations

import pytest

from grader.grading.answers import grade_answer
from grader.lesson.course import Course
from grader.lesson.manifest import AnswerSpec, Hint, Task
from grader.lesson.tolerance import Tolerance

from paths import ROOT


def number_task(**overrides) -> Task:
    spec = {"key": "flops", "kind": "number", "expected": 1.4e13, "question": "Prefill FLOPs for 7e9 x 1000?",
            "wrong": "Multiply 2, N and P.", "tolerance": Tolerance("rtol", 0.01), "units": ("flops",),
            "hints": (Hint(value=7e12, message="that is N · P, prefill is 2 · N · P."),)}
    spec.update(overrides)
    return Task(id="hand_flops", title="FLOPs by hand", points=1.0, answer=AnswerSpec(**spec))


def grade(task, answers):
    return grade_answer(task, answers, None, "answers.toml")

def megabytes_task(**overrides) -> Task:
    """ "524 MB or 500 MiB" (500 MiB is 524.288 MB), each within 0.01 %: 550 MB is neither."""
    spec = {"key": "kv", "kind": "number", "expected": 524.0, "alternatives": (524.288,), "units": ("MB",),
            "tolerance": Tolerance("rtol", 1e-4), "question": "KV cache in MB?"}
    spec.update(overrides)
    return Task(id="hand_kv", title="KV cache by hand", points=1.0, answer=AnswerSpec(**spec))


@pytest.mark.parametrize("given", ["524 MB", "500 MiB", "0.524 GB", "524", 524, "524288 kB", "0.48828125 GiB"])
def test_an_answer_matching_any_accepted_value_is_right(given):
    assert grade(megabytes_task(), {"kv": given}).passed


@pytest.mark.parametrize("given", ["550 MB", "524.2 MB", "500 MB", "0.5 GB"])
def test_an_answer_matching_no_accepted_value_is_wrong(given):
    assert not grade(megabytes_task(), {"kv": given}).passed


def test_each_accepted_value_is_compared_with_the_declared_tolerance():
    assert grade(megabytes_task(), {"kv": "524.05 MB"}).passed  # within 0.01 % of 524
    assert not grade(megabytes_task(), {"kv": "524.06 MB"}).passed


@pytest.mark.parametrize("tolerance, given, passes", [
    (Tolerance("atol", 0.01), "0.29 s", True), (Tolerance("atol", 0.01), "290 ms", True),
    (Tolerance("atol", 0.01), "0.2901 s", False), (Tolerance("sigfigs", 2), "0.285", True),
    (Tolerance("sigfigs", 2), "0.2852", False), (Tolerance("rtol", 0.01), "0.2828 s", True),
    (Tolerance("rtol", 0.01), "0.2829 s", False),
])
def test_grade_answer_uses_the_declared_comparison(tolerance, given, passes):
    task = number_task(key="seconds", expected=0.28, units=("s",), tolerance=tolerance, hints=())
    assert grade(task, {"seconds": given}).passed is passes


def test_a_hint_matches_with_the_same_declared_comparison():
    task = number_task(tolerance=Tolerance("sigfigs", 2))
    hinted = grade(task, {"flops": "7.04e12"})  # within 0.051e12 of the hint's 7e12
    assert not hinted.passed and "that is N · P" in hinted.message
    other = grade(task, {"flops": "7.06e12"})
    assert not other.passed and "that is N · P" not in other.message and "Multiply 2, N and P." in other.message
    assert "that is N · P" in grade(number_task(tolerance=Tolerance("atol", 1e11)), {"flops": "7.1e12"}).message


def test_expected_given_by_the_caller_replaces_the_manifests():
    """A per-student variant grades with its own accepted values, one or several, as the manifest's are."""
    def graded(answer, expected=None):
        return grade_answer(number_task(), {"flops": answer}, None, "answers.toml", expected=expected).passed
    assert graded("2.6e13", expected=2.6e13) and not graded("1.4e13", expected=2.6e13)
    assert graded("26 TFLOPs", expected=[1.0, 2.6e13]) and graded("1", expected=(1.0, 2.6e13))
    assert graded("1.4e13") and not graded("2.6e13")
    assert graded("26 TFLOPs", expected="26 TFLOPs")  # a string with a unit of the question, as the manifest's


def test_expected_given_by_the_caller_that_is_no_quantity_of_the_question_is_the_callers_bug():
    with pytest.raises(ValueError, match="'flops'"):
        grade_answer(number_task(), {"flops": "1"}, None, "answers.toml", expected="lots")
    with pytest.raises(ValueError, match="no accepted value"):
        grade_answer(number_task(), {"flops": "1"}, None, "answers.toml", expected=[])


def test_a_choice_may_accept_several_letters():
    task = Task(id="quiz", title="Quiz", points=1.0,
                answer=AnswerSpec(key="quiz", kind="choice", expected="B", alternatives=("C",),
                                  choices={"A": "x", "B": "y", "C": "z"}))
    assert grade(task, {"quiz": "C"}).passed and grade(task, {"quiz": "B"}).passed
    assert not grade(task, {"quiz": "A"}).passed


def test_the_real_prefill_questions_read_every_prefix_their_units_take():
    lesson = Course(ROOT).lesson("prefill")
    assert grade(lesson.task("hand_seconds"), {"seconds": "0.00028 ks"}).passed
    assert grade(lesson.task("hand_flops"), {"flops": "0.000014 EFLOPs"}).passed
    pairs = grade(lesson.task("hand_pairs"), {"pairs": "10000 mpairs"})
    assert not pairs.passed and "not a unit of this question" in pairs.message  # milli-pairs: refused
