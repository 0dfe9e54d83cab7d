"""prefill_matches_sequential(X, W): a causal running sum of X @ W, all at once vs. one by one."""

import numpy as np
import pytest

from grader.checks import fail
from grader.feedback import describe, describe_type

pytestmark = pytest.mark.task("prefill_matches_sequential")

SHAPES = [(1, 1), (5, 3), (16, 8), (64, 32)]


def _is_bool(value) -> bool:
    return isinstance(value, (bool, np.bool_))


@pytest.mark.parametrize("P, d", SHAPES, ids=["one_token", "small", "medium", "large"])  # ids name no inputs
def test_agrees(student, rng, P, d):
    """Returns True (a Python or numpy bool) for random prompts and weights."""
    X, W = rng.standard_normal((P, d)), rng.standard_normal((d, d))
    call = f"prefill_matches_sequential(X of shape ({P}, {d}), W of shape ({d}, {d}))"
    got = student.prefill_matches_sequential(X, W)
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True or False, not {describe_type(got)}",
             f"{call} returned {describe(got)}; expected True or False")
    if not got:
        fail("prefill_matches_sequential must return True for random prompts and weights: np.cumsum(X @ W, "
             "axis=0) and a loop that adds one row of X @ W at a time must agree (compare with np.allclose, "
             "and cumsum along axis 0)",
             f"{call} returned False: np.cumsum(X @ W, axis=0) and a loop that adds one row of X @ W "
             "at a time must agree (compare with np.allclose, and cumsum along axis 0)")


@pytest.mark.weight(2)
def test_really_computes(student):
    """A function that really computes X @ W cannot return True when X and W do not fit together."""
    X, W = np.ones((4, 3)), np.ones((5, 5))
    call = "prefill_matches_sequential(X of shape (4, 3), W of shape (5, 5))"
    try:
        got = student.prefill_matches_sequential(X, W)
    except Exception:  # noqa: BLE001 - any error from X @ W shows the product was attempted
        return
    if got is True or (isinstance(got, np.bool_) and bool(got)):
        fail("prefill_matches_sequential returned True where X @ W cannot be computed: compute both sums "
             "from X @ W and compare them, don't return a constant",
             f"{call} returned True although X @ W cannot be computed for these shapes: "
             "compute both sums from X @ W and compare them, don't return a constant")
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True or False, not {describe_type(got)}",
             f"{call} returned {describe(got)}; expected True or False")


def test_leaves_inputs_alone(student, rng):
    """X and W are the same after the call (and the call returned True)."""
    X, W = rng.standard_normal((8, 4)), rng.standard_normal((4, 4))
    got, (X_after, W_after) = student.call_echo("prefill_matches_sequential", X, W)
    call = "prefill_matches_sequential(X of shape (8, 4), W of shape (4, 4))"
    if not _is_bool(got) or not got:
        fail(f"prefill_matches_sequential must return True for a prompt and weights that fit, not "
             f"{describe_type(got)}", f"{call} returned {describe(got)}; expected True")
    if not np.array_equal(X_after, X):
        fail("prefill_matches_sequential must not modify X: work on X @ W (a new array), not on the prompt itself",
             f"{call} modified X: work on X @ W (a new array), not on the prompt itself")
    if not np.array_equal(W_after, W):
        fail("prefill_matches_sequential must not modify W: the weights must stay as they were",
             f"{call} modified W: the weights must stay as they were")
