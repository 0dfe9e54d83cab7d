"""causal_pairs(P) = P(P+1)/2: each token pairs with itself and every earlier token.

A float count (10.0) is fine: the lesson counts pairs, and the value is what matters. A
wrong count is diagnosed by the model of a misconception it agrees with (models.py,
diagnoses.toml) on the failing prompt length and a few telling others: one value alone
never names a mistake (P(P+1) for one token is 2, which a loop one token too far also gives
for no token at all). A count that is right for short prompts but too slow (or too deeply
recursive) for the lesson's 1000 tokens is told so.
"""

import pytest

from grader.checks import answer, fail, is_close, number
from grader.sandbox.proxy import Size

pytestmark = pytest.mark.task("causal_pairs")

# prompt lengths on which the models of the misconceptions differ: the visible checks' first (their answers
# are known already, which is all a function that ran out of time can still be judged by), then others
TELLING = [(1,), (4,), (5,), (2,), (7,), (12,)]


def _check(student, diagnose, P, want, why, property="causal_pairs(P) must be P(P+1)/2"):
    def explain():
        return diagnose("causal_pairs", [(P,), *TELLING])
    got = number(answer(student, "causal_pairs", P, explain=explain), f"causal_pairs({P})", explain=explain)
    if not is_close(got, want):
        fail(property, f"causal_pairs({P}) returned {got:g}, expected {want:g}: {why}", diagnosis=explain())


def test_four_tokens(student, diagnose):
    """4 tokens: 1 + 2 + 3 + 4 = 10 pairs."""
    _check(student, diagnose, 4, 10, "token i attends to tokens 1…i, so 1 + 2 + 3 + 4",
           "4 tokens make 1 + 2 + 3 + 4 = 10 pairs: token i attends to tokens 1…i")


def test_lesson_demo(student, diagnose):
    """The lesson's demo: 15 pairs for 5 tokens."""
    _check(student, diagnose, 5, 15, "the lesson's grid shows 15 pairs for 5 tokens",
           "5 tokens make 15 pairs, as the lesson's grid shows")


def test_one_token(student, diagnose):
    """A single token attends only to itself."""
    _check(student, diagnose, 1, 1, "a single token attends only to itself", "a single token makes 1 pair: itself")


@pytest.mark.weight(2)
def test_lesson_prompt(student, reference, diagnose):
    """The lesson's 1000-token prompt."""
    _check(student.sized(LONG_SIZE), diagnose, 1000, reference.causal_pairs(1000), "P(P+1)/2 for P = 1000",
           "causal_pairs(P) must be P(P+1)/2 for a long prompt too")


# the size the lesson's long prompt and the longer ones are labelled with (``student.sized``), in words a student may
# read even for a hidden check: a count too slow for the lesson's prompt is too slow for that size only, and
# test_long_prompts, asking the same size, does not run it again nor hold it against it
LONG_SIZE = "a prompt of 1000 tokens or more"


@pytest.mark.weight(3)
def test_other_sizes(student, reference, diagnose, rng):
    """P(P+1)/2 for other prompt lengths."""
    for _ in range(3):
        P = int(rng.integers(2, 1200))  # about the lesson's size: a right O(P²) count stays well in time
        _check(student, diagnose, P, reference.causal_pairs(P), f"P(P+1)/2 for P = {P}",
               "causal_pairs(P) must be P(P+1)/2 for other prompt lengths too")


def test_own_numbers(student, reference, diagnose, variant):
    """The student's own prompt length (their Part 1 pairs question), run only when graded with it
    (grader.lesson.variants)."""
    for (P,) in variant.calls_of("causal_pairs"):
        _check(student, diagnose, P, reference.causal_pairs(P), f"P(P+1)/2 for P = {P}",
               "causal_pairs(P) must be P(P+1)/2 for your own prompt length (Part 1's) too")


# The whole domain of the lesson's contract (lesson.toml, [contract.causal_pairs]; grader.grading.domain).
WHOLE_DOMAIN = ("causal_pairs(P) must be P(P+1)/2 for every prompt length P ≥ 1")
OWN_ANSWER = ("causal_pairs must give each call the answer for its own arguments, called again and again "
              "with one changed")


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """causal_pairs: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("causal_pairs", domain.draw("causal_pairs", 16), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """causal_pairs: each call's own answer, called again and again with one argument changed at a time."""
    domain.check_sequence("causal_pairs", domain.draw("causal_pairs", 12)[-3:], OWN_ANSWER, TELLING)


# Past the drawn sizes, where the closed form answers at once: an int32 P(P + 1) wraps past P = 46,340, a
# table or a cap stops at its end. A count of a P × P mask or a double loop runs out of memory or time there,
# and fails: the exercise asks for any prompt length, "a prompt of a million tokens too" (every held-out writer
# of issue 21's rounds labelled such a count wrong; grader.grading.domain, check_large's ``held``).
LONG = [((50_000,), {}), ((1_000_000,), {})]
LONG_PROMPTS = "causal_pairs(P) must be P(P+1)/2 for long prompts too (tens of thousands of tokens and more)"
# A second at most per call there: a closed form answers in microseconds, a sum over range(1, P + 1) in a tenth
# of a second at P = 10⁶, and a count of P² cells not in 5 s either (it waited out the whole limit, per such
# student, for the same verdict).
VERY_LONG = Size("a prompt of tens of thousands of tokens or more", seconds=1.0)
ANY_LENGTH = ("P(P+1)/2 answers at once for any prompt length, and the exercise asks for a prompt of a million "
              "tokens too: the count must not grow with P × P")


def test_long_prompts(domain):
    """causal_pairs: P(P+1)/2 for prompts of 50,000 and 1,000,000 tokens, in time and memory."""
    domain.check_large("causal_pairs", LONG, LONG_PROMPTS, TELLING, size=VERY_LONG, held=ANY_LENGTH)
