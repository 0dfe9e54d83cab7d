"""causal_pairs(P) = P(P+1)/2: each token pairs with itself and every earlier token.

A float count (10.0) is fine: the lesson counts pairs, and the value is what matters. A
wrong count is diagnosed by the triangle it counts instead (suites/prefill/diagnoses.toml):
the whole square, the triangle without its diagonal, or a loop bound one token off.
"""

import pytest

from grader.checks import fail, is_close, number

pytestmark = pytest.mark.task("causal_pairs")

WHY = {"pairs.all-pairs": "that counts every (row, column) pair; only the lower triangle is allowed",
       "pairs.diagonal-missing": "that leaves out the diagonal: each token also attends to itself",
       "pairs.off-by-one": "that is the count of a loop that starts or stops one token off"}


def _triangle(n: int) -> int:
    return n * (n + 1) // 2  # public: the lesson prints P(P+1)/2, the task title too


def _diagnosis(got: float, P: int) -> str | None:
    """Which wrong count ``got`` is, if it is a known one (checked in this order: they can coincide)."""
    if is_close(got, P * P):
        return "pairs.all-pairs"
    if is_close(got, P * (P - 1) / 2):  # for one token: 0, the token without itself
        return "pairs.diagonal-missing"
    near = {_triangle(P + 1), _triangle(P) - 1, _triangle(P) + 1, _triangle(P - 1) - 1, _triangle(P - 1) + 1}
    if any(is_close(got, value) for value in near):
        return "pairs.off-by-one"
    return None


def _check(student, P, want, why, property="causal_pairs(P) must be P(P+1)/2"):
    got = number(student.causal_pairs(P), f"causal_pairs({P})")
    if not is_close(got, want):
        diagnosis = _diagnosis(got, P)
        if diagnosis:
            why = WHY[diagnosis]
            property = f"causal_pairs(P) must be P(P+1)/2: {why}"
        fail(property, f"causal_pairs({P}) returned {got:g}, expected {want:g}: {why}", diagnosis=diagnosis)


def test_four_tokens(student):
    """4 tokens: 1 + 2 + 3 + 4 = 10 pairs."""
    _check(student, 4, 10, "token i attends to tokens 1…i, so 1 + 2 + 3 + 4",
           "4 tokens make 1 + 2 + 3 + 4 = 10 pairs: token i attends to tokens 1…i")


def test_lesson_demo(student):
    """The lesson's demo: 15 pairs for 5 tokens."""
    _check(student, 5, 15, "the lesson's grid shows 15 pairs for 5 tokens",
           "5 tokens make 15 pairs, as the lesson's grid shows")


def test_one_token(student):
    """A single token attends only to itself."""
    _check(student, 1, 1, "a single token attends only to itself", "a single token makes 1 pair: itself")


def test_lesson_prompt(student, reference):
    """The lesson's 1000-token prompt."""
    _check(student, 1000, reference.causal_pairs(1000), "P(P+1)/2 for P = 1000",
           "causal_pairs(P) must be P(P+1)/2 for a long prompt too")
