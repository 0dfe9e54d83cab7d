"""causal_mask(P): a (P, P) numpy bool array, True where column <= row (the lower triangle).

A wrong mask is diagnosed by what it is instead (suites/prefill/diagnoses.toml): the upper
triangle, the triangle without its diagonal, numbers instead of booleans, lists instead of
an array, another shape. Wherever a grid can be drawn, the student's is shown next to the
expected one for the lesson's 5-token demo.
"""

import numpy as np
import pytest

from grader.checks import array, fail, mask_picture, side_by_side

pytestmark = pytest.mark.task("causal_mask")

NOT_AN_ARRAY = {list: "mask.nested-lists", tuple: "mask.nested-lists"}


def _diagnosis(mask: np.ndarray, want: np.ndarray) -> str | None:
    """What a wrong mask is instead of ``want``, if it is a known mistake."""
    if mask.shape != want.shape:
        return "mask.wrong-shape"
    cells = mask.astype(bool)
    if np.array_equal(cells, want.T):
        return "mask.transposed"
    if np.array_equal(cells, np.tril(want, k=-1)):
        return "mask.diagonal-missing"
    return None


def _grid(value):
    """A returned list of lists as an array, so that it can be drawn; None when it is no grid."""
    try:
        grid = np.asarray(value, dtype=bool)
    except (TypeError, ValueError):
        return None
    return grid if grid.ndim == 2 else None


# 64 for "long": the lesson's 1000-token mask is built once, by test_counts_causal_pairs,
# whose diagnosis also names a wrong shape; a slow (nested-list) mask costs a class seconds.
@pytest.mark.parametrize("P", [1, 4, 5, 64])
def test_shape_and_dtype(student, P):
    """A (P, P) numpy array of dtype bool."""
    mask = array(student.causal_mask(P), f"causal_mask({P})", by_type=NOT_AN_ARRAY)
    if mask.shape != (P, P):
        fail("causal_mask(P) must have shape (P, P): one row and one column per token",
             f"causal_mask({P}) has shape {mask.shape}; expected ({P}, {P}): one row and one column per token",
             diagnosis="mask.wrong-shape")
    if mask.dtype != np.bool_:
        fail(f"causal_mask(P) must have dtype bool (True where a token may attend), not {mask.dtype}; "
             "e.g. build it with dtype=bool",
             f"causal_mask({P}) has dtype {mask.dtype}; expected bool (True where a token may attend), "
             "e.g. build it with dtype=bool", diagnosis="mask.not-bool")


@pytest.mark.weight(2)
def test_lower_triangle(student, reference):
    """The lesson's demo: for 5 tokens, row i may use columns 0…i."""
    value = student.causal_mask(5)
    want = reference.causal_mask(5)
    grid = _grid(value) if isinstance(value, (list, tuple)) else None
    if grid is not None:  # lists are diagnosed as such, with the grid they draw
        fail("causal_mask(5) returned nested lists; expected a numpy array",
             "causal_mask(5) returned nested lists, not a numpy array:\n"
             + side_by_side(mask_picture(grid), mask_picture(want)),
             pictures=[("yours", grid), ("expected", want)], diagnosis="mask.nested-lists")
    mask = array(value, "causal_mask(5)", by_type=NOT_AN_ARRAY)
    if mask.shape != want.shape or not np.array_equal(mask.astype(bool), want):
        picture = side_by_side(mask_picture(mask), mask_picture(want))
        diagnosis = _diagnosis(mask, want)
        what = "the upper triangle: row i must use columns ≤ i, not ≥ i" if diagnosis == "mask.transposed" else \
            "row i (a token) may use column j (a token) only when j ≤ i"
        fail(f"causal_mask(5) is not the lesson's lower triangle ({what})",
             f"causal_mask(5) is not the lesson's lower triangle ({what}):\n{picture}",
             pictures=[("yours", mask), ("expected", want)], diagnosis=diagnosis)


def test_diagonal_included(student):
    """Every token may attend to itself."""
    mask = array(student.causal_mask(4), "causal_mask(4)", by_type=NOT_AN_ARRAY)
    want = np.tril(np.ones((4, 4), dtype=bool))
    if mask.shape != (4, 4):
        fail("causal_mask(P) must have shape (P, P): one row and one column per token",
             f"causal_mask(4) has shape {mask.shape}; expected (4, 4)", diagnosis="mask.wrong-shape")
    if not all(bool(mask[i, i]) for i in range(4)):
        fail("the mask must include the diagonal (each token attends to itself)",
             "causal_mask(4): the mask must include the diagonal (each token attends to itself)\n"
             + side_by_side(mask_picture(mask), mask_picture(want)), pictures=[("yours", mask), ("expected", want)],
             diagnosis="mask.diagonal-missing")


def test_counts_causal_pairs(student, reference):
    """For the lesson's 1000-token prompt, the True count equals causal_pairs(1000)."""
    mask = array(student.causal_mask(1000), "causal_mask(1000)", by_type=NOT_AN_ARRAY)
    want_mask = reference.causal_mask(1000)
    count, want = int(np.count_nonzero(mask)), int(reference.causal_pairs(1000))
    if count != want:
        fail("for a long prompt, the number of True entries of causal_mask(P) must equal causal_pairs(P)",
             f"causal_mask(1000) has {count} True entries; expected causal_pairs(1000) = {want}",
             diagnosis=_diagnosis(mask, want_mask))
    if mask.shape != want_mask.shape or not np.array_equal(mask.astype(bool), want_mask):
        fail("for a long prompt, the True entries must be exactly the lower triangle",
             "causal_mask(1000) has the right number of True entries but not in the lower triangle",
             diagnosis=_diagnosis(mask, want_mask))
