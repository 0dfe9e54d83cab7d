"""grader.grading.special: a special case is said at one value only where no rival reads the same answers."""

from __future__ import annotations

from grader.grading.relations import Answer
from grader.grading.special import special_value


def flops(N, P):
    return 2 * N * P


def seconds(N, P, rate, u=1.0):
    return 2 * N * P / (rate * u)


def test_a_case_asked_only_where_another_argument_has_one_value_too_names_both():
    """Round 9's probe: `2 * N * P * (1 if P > 1 else 0.5)` asked P = 1 only beside N = 1 was told a case for N = 1."""
    def student(N, P):
        return flops(N, P) * (1 if P > 1 else 0.5)
    inputs = [(1, 1), (1.0, 1.0), (1e13, 1e6), (1.5, 1.5), (7e9, 1000), (3, 23822)]
    said = special_value("prefill_flops", ("N", "P"), [Answer(a, student(*a), flops(*a)) for a in inputs], flops)
    assert "except where N = 1 and P = 1" in said and "a special case for N" not in said


def test_a_case_at_the_top_with_no_value_near_it_answered_says_where_a_threshold_may_lie():
    """`min(utilization, 0.9)` answers 0.5 rightly and 1.0 wrongly: a case for 1.0, or a threshold between."""
    def student(N, P, rate, u=1.0):
        return seconds(N, P, rate, min(u, 0.9))
    inputs = [(7e9, 1000, 1e14, 1.0), (1, 1, 1, 1.0), (7e9, 1000, 1e14, 0.5), (3e9, 2048, 2e14, 0.25)]
    said = special_value("prefill_seconds", ("N", "P", "flops_per_sec", "utilization"),
                         [Answer(a, student(*a), seconds(*a)) for a in inputs], seconds)
    assert "a special case for utilization = 1.0 (or a threshold the code sets between 0.5 and 1)" in said


def test_a_whole_number_next_to_one_answered_rightly_is_a_case_alone():
    def student(N, P):
        return flops(N, P) * (1 if P > 1 else 0.5)
    inputs = [(7e9, 1), (3e9, 1), (7e9, 2), (1e9, 1000), (2, 5)]
    said = special_value("prefill_flops", ("N", "P"), [Answer(a, student(*a), flops(*a)) for a in inputs], flops)
    assert said.endswith("a special case for P = 1 that the lesson's formula does not have")
