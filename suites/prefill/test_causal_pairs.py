"""causal_pairs(P) = P(P+1)/2: each token pairs with itself and every earlier token."""

import pytest

from grader.checks import fail, is_close, number

pytestmark = pytest.mark.task("causal_pairs")


def _check(student, P, want, why, property="causal_pairs(P) must be P(P+1)/2"):
    got = number(student.causal_pairs(P), f"causal_pairs({P})")
    if not is_close(got, want):
        if is_close(got, P * P):
            why = "that counts every (row, column) pair; only the lower triangle is allowed"
            property = f"causal_pairs(P) must be P(P+1)/2: {why}"
        elif is_close(got, P * (P - 1) / 2):
            why = "that leaves out the diagonal: each token also attends to itself"
            property = f"causal_pairs(P) must be P(P+1)/2: {why}"
        fail(property, f"causal_pairs({P}) returned {got:g}, expected {want:g}: {why}")


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
