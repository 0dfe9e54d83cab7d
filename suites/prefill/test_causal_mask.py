"""causal_mask(P): a (P, P) numpy bool array, True where column <= row (the lower triangle).

A wrong mask is diagnosed by the model of what it is instead (models.py, diagnoses.toml):
the upper triangle, the triangle without its diagonal, the future instead of the past,
numbers instead of booleans, lists instead of an array, another shape; it must agree with
that model for the failing size and a few telling others. Wherever a grid can be drawn,
the student's is shown next to the expected one for the lesson's 5-token demo.

A mask that is right for short prompts but runs past the time limit on the lesson's
1000-token prompt is "too slow", not wrong: it loses that check only, and is told so.
"""

import numpy as np
import pytest

from grader.checks import answer, array, fail, mask_picture, side_by_side
from grader.exceptions import CallTimeout
from grader.sandbox.proxy import Size

pytestmark = pytest.mark.task("causal_mask")

# An array of another shape is what mask.wrong-shape says, seen directly: given when no model says more.
WRONG_SHAPE = "mask.wrong-shape"
TELLING = [(2,), (3,), (7,)]  # prompt lengths on which the models of the misconceptions differ
SMALL = [(1,), (4,), (5,), (64,), (7,)]  # the sizes the checks before test_counts_causal_pairs ask about


def _mask(student, diagnose, P) -> np.ndarray:
    def explain():
        return diagnose("causal_mask", [(P,), *TELLING])
    return array(answer(student, "causal_mask", P, explain=explain), f"causal_mask({P})", explain=explain)


def _grid(value):
    """A returned list of lists as an array, so that it can be drawn; None when it is no grid."""
    try:
        grid = np.asarray(value, dtype=bool)
    except (TypeError, ValueError):
        return None
    return grid if grid.ndim == 2 else None


def _exact(student, diagnose, P, want, property):
    """causal_mask(P) must be ``want``: same shape, bool, the same cells."""
    mask = _mask(student, diagnose, P)
    if mask.shape != want.shape or mask.dtype != np.bool_ or not np.array_equal(mask, want):
        fail(property, f"causal_mask({P}) is not the lower triangle of a ({P}, {P}) bool grid "
             f"(it has shape {mask.shape} and dtype {mask.dtype})",
             diagnosis=diagnose("causal_mask", [(P,), *TELLING]))


# 64 for "long": the lesson's 1000-token mask is built once, by test_counts_causal_pairs,
# whose diagnosis also names a wrong shape; a slow (nested-list) mask costs a class seconds.
@pytest.mark.parametrize("P", [1, 4, 5, 64])
def test_shape_and_dtype(student, diagnose, P):
    """A (P, P) numpy array of dtype bool."""
    mask = _mask(student, diagnose, P)
    if mask.shape != (P, P):
        fail("causal_mask(P) must have shape (P, P): one row and one column per token",
             f"causal_mask({P}) has shape {mask.shape}; expected ({P}, {P}): one row and one column per token",
             diagnosis=diagnose("causal_mask", [(P,), *TELLING]) or WRONG_SHAPE)
    if mask.dtype != np.bool_:
        fail(f"causal_mask(P) must hold booleans (True where a token may attend), not {mask.dtype}",
             f"causal_mask({P}) has dtype {mask.dtype}; expected bool (True where a token may attend)",
             diagnosis=diagnose("causal_mask", [(P,), *TELLING]))


@pytest.mark.weight(2)
def test_lower_triangle(student, reference, diagnose):
    """The lesson's demo: for 5 tokens, row i may use columns 0…i."""
    value = answer(student, "causal_mask", 5, explain=lambda: diagnose("causal_mask", [(5,), *TELLING]))
    want = reference.causal_mask(5)
    grid = _grid(value) if isinstance(value, (list, tuple)) else None
    if grid is not None:  # lists are diagnosed as such, with the grid they draw
        fail("causal_mask(5) returned nested lists; expected a numpy array",
             "causal_mask(5) returned nested lists, not a numpy array:\n"
             + side_by_side(mask_picture(grid), mask_picture(want)),
             pictures=[("yours", grid), ("expected", want)], diagnosis=diagnose("causal_mask", [(5,), *TELLING]))
    mask = array(value, "causal_mask(5)", explain=lambda: diagnose("causal_mask", [(5,), *TELLING]))
    if mask.shape != want.shape:  # its cells may well be the triangle: say what is seen, the shape
        fail("causal_mask(5) must have shape (5, 5): one row and one column per token",
             f"causal_mask(5) has shape {mask.shape}; expected (5, 5): one row and one column per token",
             diagnosis=diagnose("causal_mask", [(5,), *TELLING]) or WRONG_SHAPE)
    if not np.array_equal(mask.astype(bool), want):
        picture = side_by_side(mask_picture(mask), mask_picture(want))
        diagnosis = diagnose("causal_mask", [(5,), *TELLING])
        what = "the upper triangle: row i must use columns ≤ i, not ≥ i" if diagnosis == "mask.transposed" else \
            "row i (a token) may use column j (a token) only when j ≤ i"
        fail(f"causal_mask(5) is not the lesson's lower triangle ({what})",
             f"causal_mask(5) is not the lesson's lower triangle ({what}):\n{picture}",
             pictures=[("yours", mask), ("expected", want)], diagnosis=diagnosis)


@pytest.mark.weight(2)
def test_diagonal_included(student, reference, diagnose):
    """Every token may attend to itself."""
    mask = _mask(student, diagnose, 7)
    want = reference.causal_mask(7)
    if mask.shape != (7, 7):
        fail("causal_mask(P) must have shape (P, P): one row and one column per token",
             f"causal_mask(7) has shape {mask.shape}; expected (7, 7)",
             diagnosis=diagnose("causal_mask", [(7,), *TELLING]))
    if not all(bool(mask[i, i]) for i in range(7)):
        fail("the mask must include the diagonal (each token attends to itself)",
             "causal_mask(7): the mask must include the diagonal (each token attends to itself)\n"
             + side_by_side(mask_picture(mask), mask_picture(want)), pictures=[("yours", mask), ("expected", want)],
             diagnosis=diagnose("causal_mask", [(7,), *TELLING]))


@pytest.mark.weight(3)
def test_other_sizes(student, reference, diagnose, rng):
    """The lower triangle for other prompt lengths."""
    for _ in range(2):
        P = int(rng.integers(2, 100))
        _exact(student, diagnose, P, reference.causal_mask(P),
               "causal_mask(P) must be the (P, P) lower triangle of booleans for other prompt lengths too")


# The whole domain of the lesson's contract (lesson.toml, [contract.causal_mask]; grader.grading.domain).
WHOLE_DOMAIN = ("causal_mask(P) must be the (P, P) lower-triangular boolean mask for every prompt length P ≥ 1")
OWN_ANSWER = "causal_mask must give each call the answer for its own arguments, called again and again with one changed"


@pytest.mark.weight(2)
def test_whole_domain(domain):
    """causal_mask: right across the lesson's whole domain (each range's ends first, in every type)."""
    domain.check("causal_mask", domain.draw("causal_mask", 8), WHOLE_DOMAIN, TELLING)


def test_repeated_calls(domain):
    """causal_mask: each call's own answer, called again and again with one argument changed at a time, and a new
    array each call (a mask its caller changes is not handed out again)."""
    domain.check_sequence("causal_mask", domain.draw("causal_mask", 12)[-3:], OWN_ANSWER, TELLING)
    domain.check_own_arrays("causal_mask", domain.draw("causal_mask", 12)[-2:], OWN_ARRAY)


OWN_ARRAY = "causal_mask must return a new array each call: a mask its caller changes must not come back"


@pytest.mark.weight(2)
def test_counts_causal_pairs(student, reference, diagnose):
    """For the lesson's 1000-token prompt, the True count equals causal_pairs(1000)."""
    try:
        value = answer(student.sized(LONG_SIZE), "causal_mask", 1000,
                       explain=lambda: diagnose("causal_mask", [*SMALL, (1000,)]))
    except CallTimeout:
        if diagnose("causal_mask", [*SMALL, (1000,)]) != "mask.too-slow":  # and right for short prompts
            raise
        fail("causal_mask is right for short prompts but too slow for the lesson's 1000-token prompt",
             "causal_mask(1000) did not return within its time limit, although the masks for short prompts are "
             "right: too slow for P = 1000", diagnosis="mask.too-slow")
    mask = array(value, "causal_mask(1000)", explain=lambda: diagnose("causal_mask", [*SMALL, (1000,)]))
    want_mask = reference.causal_mask(1000)
    count, want = int(np.count_nonzero(mask)), int(reference.causal_pairs(1000))
    if count != want:
        fail("for a long prompt, the number of True entries of causal_mask(P) must equal causal_pairs(P)",
             f"causal_mask(1000) has {count} True entries; expected causal_pairs(1000) = {want}",
             diagnosis=diagnose("causal_mask", [*SMALL, (1000,)]))
    if mask.shape != want_mask.shape or not np.array_equal(mask.astype(bool), want_mask):
        fail("for a long prompt, the True entries must be exactly the lower triangle",
             "causal_mask(1000) has the right number of True entries but not in the lower triangle",
             diagnosis=diagnose("causal_mask", [*SMALL, (1000,)]))


# the size the lesson's long prompt and the longer ones are labelled with (``student.sized``), in words a student may
# read even for a hidden check: a mask too slow for the lesson's prompt is too slow for that size only, and
# test_long_prompts, asking the same size, does not run it again nor hold it against it
LONG_SIZE = "a prompt of 1000 tokens or more"


# Past the drawn sizes and the lesson's 1000 tokens: a mask cut at a 1024- or 2048-token context (GPT-3's, two
# hand-ins of issue 21's sixth class) or sliced from a table of 4096 tokens (round 9's tb05) stops there. Asked for
# the mask's facts alone (grader.sandbox.summary): its shape, dtype, True cells and those above the diagonal say
# whether it is the lower triangle, where the 17 MB of a 4097-token mask sent back and compared cost a right grade
# half as much again (4 MB at 2049 tokens, 1.03 times 1025's: bench/grade_ab.py, load 0.7). A right mask built by a
# Python loop that runs out of time is held to nothing; past 4096 tokens it waits out a second, not a time limit.
LONG = ((2049, LONG_SIZE), (4097, Size(LONG_SIZE, seconds=1.0)))
LONG_PROMPTS = "causal_mask(P) must be the (P, P) lower triangle for prompts of thousands of tokens too"


def test_long_prompts(student):
    """causal_mask: the (P, P) lower triangle for prompts of 2049 and 4097 tokens, when it answers in time."""
    for P, size in LONG:
        try:
            facts = student.call_summary(size, "causal_mask", P)
        except CallTimeout as exc:
            if exc.too_slow:
                return
            raise
        except MemoryError:
            return
        right, lower = (P, P), P * (P + 1) // 2
        if facts.type != "ndarray" or facts.shape != right or facts.dtype != "bool":
            got = f"a {facts.shape} array of {facts.dtype}" if facts.type == "ndarray" else f"a {facts.type}"
            fail(LONG_PROMPTS, f"causal_mask({P}) returned {got}; a right function returns a bool array of shape "
                               f"{right}", diagnosis=WRONG_SHAPE if facts.type == "ndarray" and facts.shape != right
                 else None)
        if facts.nonzero != lower or facts.above:
            fail(LONG_PROMPTS, f"causal_mask({P}) has {facts.nonzero:,} True cells, {facts.above:,} of them above "
                               f"the diagonal; the lower triangle has {lower:,}, none above")
