"""prefill_matches_sequential(X, W): a causal running sum of X @ W, all at once vs. one by one.

Only the returned value (or the raised error) can be seen, so a wrong answer is diagnosed
by asking again with prompts chosen to tell the misconceptions apart
(suites/prefill/diagnoses.toml): whole numbers, on which every summation order agrees
exactly; a prompt that is zero but for its last position, on which a loop that does not
accumulate still agrees; and one that is zero but for its first, on which it cannot.
"""

import numpy as np
import pytest

from grader.checks import describe, describe_type, fail
from grader.exceptions import StudentCodeError

pytestmark = pytest.mark.task("prefill_matches_sequential")

SHAPES = [(1, 1), (5, 3), (16, 8), (64, 32)]


def _is_bool(value) -> bool:
    return isinstance(value, (bool, np.bool_))


def _says_true(student, X, W) -> bool | None:
    """The student's answer for X, W as a bool; None when it is not one or the call fails."""
    try:
        got = student.prefill_matches_sequential(X, W)
    except (Exception, StudentCodeError):  # noqa: BLE001 - a probe that fails proves nothing
        return None
    return bool(got) if _is_bool(got) else None


def _why_false(student) -> str | None:
    """Why the two sums disagree for a random prompt, found by asking about prompts that tell apart."""
    rng = np.random.default_rng(0)
    X, W = rng.integers(-3, 4, (6, 3)).astype(float), rng.integers(-3, 4, (3, 3)).astype(float)
    if _says_true(student, X, W):
        return "sequential.exact-equality"
    first, last = np.zeros((6, 3)), np.zeros((6, 3))
    first[0], last[-1] = X[0] + 7, X[-1] + 7  # never an all-zero row
    if _says_true(student, last, W) and _says_true(student, first, W) is False:
        return "sequential.loop-not-cumulative"
    return None


def _call(student, X, W, call: str):
    """The student's answer; a broadcasting error between a flat P·d sum and the (P, d) one is diagnosed."""
    try:
        return student.prefill_matches_sequential(X, W)
    except ValueError as exc:
        flat = f"({X.shape[0] * W.shape[1]},)"
        if "broadcast" in str(exc) and flat in str(exc) and X.shape[0] > 1 and W.shape[1] > 1:
            fail("prefill_matches_sequential cannot compare its two sums: one of them has lost the rows of "
                 "X @ W (a running sum along axis 0 keeps them)",
                 f"{getattr(exc, 'grader_text', call)}: one of the sums is flat, a running sum along "
                 "axis 0 keeps the rows of X @ W", diagnosis="sequential.cumsum-flattened")
        raise


def _must_be_bool(got, call: str):
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True or False, not {describe_type(got)}",
             f"{call} returned {describe(got)}; expected True or False",
             diagnosis="sequential.returned-array" if isinstance(got, np.ndarray) else None)


@pytest.mark.parametrize("P, d", SHAPES, ids=["one_token", "small", "medium", "large"])  # ids name no inputs
def test_agrees(student, rng, P, d):
    """Returns True (a Python or numpy bool) for random prompts and weights."""
    X, W = rng.standard_normal((P, d)), rng.standard_normal((d, d))
    call = f"prefill_matches_sequential(X of shape ({P}, {d}), W of shape ({d}, {d}))"
    got = _call(student, X, W, call)
    _must_be_bool(got, call)
    if not got:
        fail("prefill_matches_sequential must return True for random prompts and weights: np.cumsum(X @ W, "
             "axis=0) and a loop that adds one row of X @ W at a time must agree (compare with np.allclose, "
             "and cumsum along axis 0)",
             f"{call} returned False: np.cumsum(X @ W, axis=0) and a loop that adds one row of X @ W "
             "at a time must agree (compare with np.allclose, and cumsum along axis 0)",
             diagnosis=_why_false(student))


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
             "compute both sums from X @ W and compare them, don't return a constant",
             diagnosis="sequential.constant-true")
    _must_be_bool(got, call)


def test_leaves_inputs_alone(student, rng):
    """X and W are the same after the call (and the call returned True)."""
    X, W = rng.standard_normal((8, 4)), rng.standard_normal((4, 4))
    call = "prefill_matches_sequential(X of shape (8, 4), W of shape (4, 4))"
    try:
        got, (X_after, W_after) = student.call_echo("prefill_matches_sequential", X, W)
    except ValueError:
        _call(student, X, W, call)  # the same error again, diagnosed if it is a flat sum
        raise
    if not _is_bool(got) or not got:
        fail(f"prefill_matches_sequential must return True for a prompt and weights that fit, not "
             f"{describe_type(got)}", f"{call} returned {describe(got)}; expected True",
             diagnosis="sequential.returned-array" if isinstance(got, np.ndarray) else
             _why_false(student) if _is_bool(got) else None)
    if not np.array_equal(X_after, X):
        fail("prefill_matches_sequential must not modify X: work on X @ W (a new array), not on the prompt itself",
             f"{call} modified X: work on X @ W (a new array), not on the prompt itself",
             diagnosis="sequential.mutates-input")
    if not np.array_equal(W_after, W):
        fail("prefill_matches_sequential must not modify W: the weights must stay as they were",
             f"{call} modified W: the weights must stay as they were", diagnosis="sequential.mutates-input")
