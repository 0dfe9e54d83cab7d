"""grader.grading.curves: a formula every wrong answer lies on, said only where it has fewer coefficients than
answers on it."""

from __future__ import annotations

import pytest

from grader.grading.curves import close, formula, quadratic
from grader.grading.relations import Answer, describe_relation


def causal_pairs(P):
    return P * (P + 1) // 2


SIZES = [1, 4, 5, 2, 7, 12, 563, 1000, 2048, 50_000]


def answers(student, sizes=SIZES):
    return [Answer((P,), float(student(P)), float(causal_pairs(P))) for P in sizes]


@pytest.mark.parametrize("student, words", [
    (lambda P: causal_pairs(P) if P in (4, 5) else P * P // 2,  # the lesson's two counts from a table
     "each wrong answer is 0.5·P², rounded down; the right ones are at P = 4, 5 only"),
    (lambda P: P * P, "each wrong answer is P²"),
    (lambda P: P * (P - 1), "each wrong answer is P² − P"),
])
def test_wrong_answers_on_one_curve_of_halves_are_said_as_it(student, words):
    assert words in quadratic("causal_pairs", ("P",), answers(student), causal_pairs)
    assert words in describe_relation("causal_pairs", ("P",), answers(student), causal_pairs)


@pytest.mark.parametrize("student, sizes", [
    (lambda P: P * P if P < 100 else P, SIZES),  # two formulas, one per range: no one curve
    (lambda P: P * P / 3, SIZES),  # a third: no curve of halves
    (lambda P: P * P + P + 1, [4, 5, 7]),  # three wrong values fit any curve of three terms: too few to say one
    (lambda P: P * P / 2 if P > 10_000 else causal_pairs(P), [1, 4, 563, 50_000]),  # one: any a·P² holds it
])
def test_no_curve_is_said_where_the_answers_do_not_make_one(student, sizes):
    assert quadratic("causal_pairs", ("P",), answers(student, sizes), causal_pairs) == ""


def test_two_wrong_answers_on_a_curve_of_one_term_past_every_right_one_are_said_without_an_input():
    def shortcut(P):  # issue 21's seventh round, g14: P²/2 "for long prompts"
        return P * P / 2 if P > 10_000 else causal_pairs(P)
    said = quadratic("causal_pairs", ("P",), answers(shortcut, [*SIZES, 1_000_000]), causal_pairs)
    assert said == ("each wrong answer is 0.5·P²; every P it answered wrongly is larger than every one it answered "
                    "rightly")
    assert not any(str(P) in said for P in (50_000, 1_000_000, 2048, 10_000))


def test_a_function_of_two_arguments_gets_no_curve_and_formulas_read_as_written():
    two = [Answer((n, p), 2.0 * n * p * p, 2.0 * n * p) for n, p in [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]]
    assert quadratic("prefill_flops", ("N", "P"), two, lambda N, P: 2 * N * P) == ""
    assert formula(("P²", "P"), [0.5, 0.5, 0.0]) == "0.5·P² + 0.5·P" and formula(("P",), [-1, 3]) == "−P + 3"
    assert close(1.0, 1.0 + 1e-12) and not close(1.0, 1.001) and close(float("inf"), float("inf"))
