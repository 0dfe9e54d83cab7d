"""causal_mask(P): a (P, P) numpy bool array, True where column <= row (the lower triangle)."""

import numpy as np
import pytest

from grader.checks import array, fail
from grader.feedback import mask_picture, side_by_side

pytestmark = pytest.mark.task("causal_mask")


@pytest.mark.parametrize("P", [1, 4, 5, 1000])
def test_shape_and_dtype(student, P):
    """A (P, P) numpy array of dtype bool."""
    mask = array(student.causal_mask(P), f"causal_mask({P})")
    if mask.shape != (P, P):
        fail("causal_mask(P) must have shape (P, P): one row and one column per token",
             f"causal_mask({P}) has shape {mask.shape}; expected ({P}, {P}): one row and one column per token")
    if mask.dtype != np.bool_:
        fail(f"causal_mask(P) must have dtype bool (True where a token may attend), not {mask.dtype}; "
             "e.g. build it with dtype=bool",
             f"causal_mask({P}) has dtype {mask.dtype}; expected bool (True where a token may attend), "
             "e.g. build it with dtype=bool")


@pytest.mark.weight(2)
def test_lower_triangle(student, reference):
    """The lesson's demo: for 5 tokens, row i may use columns 0…i."""
    mask = array(student.causal_mask(5), "causal_mask(5)")
    want = reference.causal_mask(5)
    if mask.shape != want.shape or not np.array_equal(mask.astype(bool), want):
        picture = side_by_side(mask_picture(mask), mask_picture(want))
        what = "the upper triangle: row i must use columns ≤ i, not ≥ i" \
            if mask.shape == want.shape and np.array_equal(mask.astype(bool), want.T) else \
            "row i (a token) may use column j (a token) only when j ≤ i"
        fail(f"causal_mask(5) is not the lesson's lower triangle ({what})",
             f"causal_mask(5) is not the lesson's lower triangle ({what}):\n{picture}",
             pictures=[("yours", mask), ("expected", want)])


def test_diagonal_included(student):
    """Every token may attend to itself."""
    mask = array(student.causal_mask(4), "causal_mask(4)")
    if mask.shape != (4, 4) or not all(bool(mask[i, i]) for i in range(4)):
        want = np.tril(np.ones((4, 4), dtype=bool))
        fail("the mask must include the diagonal (each token attends to itself)",
             "causal_mask(4): the mask must include the diagonal (each token attends to itself)\n"
             + side_by_side(mask_picture(mask), mask_picture(want)), pictures=[("yours", mask), ("expected", want)])


def test_counts_causal_pairs(student, reference):
    """For the lesson's 1000-token prompt, the True count equals causal_pairs(1000)."""
    mask = array(student.causal_mask(1000), "causal_mask(1000)")
    want_mask = reference.causal_mask(1000)
    count, want = int(np.count_nonzero(mask)), int(reference.causal_pairs(1000))
    if count != want:
        fail("for a long prompt, the number of True entries of causal_mask(P) must equal causal_pairs(P)",
             f"causal_mask(1000) has {count} True entries; expected causal_pairs(1000) = {want}")
    if mask.shape != want_mask.shape or not np.array_equal(mask.astype(bool), want_mask):
        fail("for a long prompt, the True entries must be exactly the lower triangle",
             "causal_mask(1000) has the right number of True entries but not in the lower triangle")
