"""prefill_matches_sequential(X, W): a causal running sum of X @ W, all at once vs. one by one.

Only the returned value (or the raised error) can be seen, so a wrong answer is diagnosed
by the model of a misconception that answers the same on the failing prompt and on prompts
chosen to tell the models apart (models.py, diagnoses.toml): whole numbers, on which every
summation order agrees exactly, and halves, which an integer buffer cuts; a prompt that is
zero but for its last position, on which a loop that does not accumulate still agrees, one
that is zero but for its first, and one whose running sum cancels back to zero; a single
token; vectors of one number; as many tokens as the vectors have numbers, and fewer; X and W
that do not fit; weights of zero and the identity. A model that only says False where the
reference says True explains nothing (every mistake does that: ``grader.grading.evidence``),
so each has a probe here on which its mistake does not show.

A right function can only ever say True for a prompt and weights that fit, so saying True is
worth little by itself: each check that asks for True also asks about X and W that do not
fit together, where a function that really computes X @ W cannot say True. An exception
passes none of them.
"""

import numpy as np
import pytest

from grader.checks import answer, describe, describe_type, fail

pytestmark = pytest.mark.task("prefill_matches_sequential")

SHAPES = [(1, 1), (5, 3), (16, 8), (64, 32)]


def _telling() -> list[tuple]:
    rng = np.random.default_rng(15)
    ints = rng.integers(-3, 4, (6, 3)).astype(float)
    first, last = np.zeros((6, 3)), np.zeros((6, 3))
    first[0], last[-1] = ints[0] + 7, ints[-1] + 7  # never an all-zero row
    W = rng.integers(-3, 4, (3, 3)).astype(float)
    cancel = np.zeros((4, 3))
    cancel[0], cancel[1] = ints[0] + 7, -(ints[0] + 7)  # the running sum is back to zero after two positions
    dense = [(rng.standard_normal((5, 3)), rng.standard_normal((3, 3))),  # random
             (ints, W), (ints / 2, W),  # whole numbers (every summation order agrees exactly), and halves
             (rng.standard_normal((4, 4)), rng.standard_normal((4, 4))),  # as many tokens as numbers per vector
             (rng.standard_normal((2, 5)), rng.standard_normal((5, 5))),  # fewer
             (np.ones((4, 3)), np.ones((5, 5)))]  # X @ W cannot be computed
    sparse = [(rng.standard_normal((1, 1)), rng.standard_normal((1, 1))),  # one token
              (rng.standard_normal((3, 1)), rng.standard_normal((1, 1))),  # vectors of one number
              (last, W), (first, W), (cancel, W),
              (np.eye(2), np.array([[0.0, 1.0], [1.0, 2.0]]))]  # X @ W = W, symmetric: its running sums
    #                                                             across and down agree
    # W = 0 (X @ W is zero: every mistake made after the product agrees, one that leaves the product
    # out does not) and W = I (X @ W is X: the other way round); drawn last, so the draws above stay
    sparse += [(rng.standard_normal((4, 3)), np.zeros((3, 3))), (rng.standard_normal((4, 3)), np.eye(3))]
    return dense, dense + sparse


# Every row of the dense ones is non-zero, so any change a function makes to X in place shows on them.
DENSE, TELLING = _telling()


def _is_bool(value) -> bool:
    return isinstance(value, (bool, np.bool_))


def _explain(diagnose, X, W, probes=TELLING):
    return diagnose("prefill_matches_sequential", [(X, W), *probes])


def _shapes(X, W) -> str:
    return f"prefill_matches_sequential(X of shape {X.shape}, W of shape {W.shape})"


def _says(student, diagnose, X, W):
    return answer(student, "prefill_matches_sequential", X, W, explain=lambda: _explain(diagnose, X, W))


def _must_be_true(student, diagnose, X, W, property):
    call = _shapes(X, W)
    got = _says(student, diagnose, X, W)
    if not _is_bool(got):
        fail(f"prefill_matches_sequential must return True or False, not {describe_type(got)}",
             f"{call} returned {describe(got)}; expected True or False", diagnosis=_explain(diagnose, X, W))
    if not got:
        fail(property, f"{call} returned False: the running sum of X @ W computed all at once and the one built "
             "position by position must agree (within floating-point rounding)", diagnosis=_explain(diagnose, X, W))


def _must_not_say_true(student, diagnose, X, W, property):
    """For X and W that do not fit, True (whatever else) shows the product was never computed."""
    try:
        got = student.prefill_matches_sequential(X, W)
    except Exception:  # noqa: BLE001 - any error: the product was attempted
        return
    if _is_bool(got) and got:
        fail(property, f"{_shapes(X, W)} returned True although X @ W cannot be computed for these shapes: "
             "compute both sums from X @ W and compare them", diagnosis=_explain(diagnose, X, W))


@pytest.mark.parametrize("P, d", SHAPES, ids=["one_token", "small", "medium", "large"])  # ids name no inputs
def test_agrees(student, diagnose, rng, P, d):
    """Returns True (a Python or numpy bool) for random prompts and weights, and not for X, W that do not fit."""
    X, W = rng.standard_normal((P, d)), rng.standard_normal((d, d))
    property = "prefill_matches_sequential must return True for random prompts and weights, computing both sums"
    _must_be_true(student, diagnose, X, W, property)
    # no dimension of 1 in the misfit: einsum (right, and used) would broadcast it and compute something
    _must_not_say_true(student, diagnose, rng.standard_normal((P, d + 1)), rng.standard_normal((d + 2, d + 2)),
                       property)


@pytest.mark.weight(2)
def test_really_computes(student, diagnose):
    """A function that really computes X @ W cannot return True when X and W do not fit together."""
    X, W = np.ones((4, 3)), np.ones((5, 5))
    property = "prefill_matches_sequential must compute both sums from X @ W and compare them, not return a constant"
    _must_not_say_true(student, diagnose, X, W, property)
    got = _says(student, diagnose, X, W[:3, :3])  # an error for X, W that do not fit counts only if these work
    if not (_is_bool(got) and got):
        fail(property, f"{_shapes(X, W[:3, :3])} returned {describe(got)}, not True, for X and W that fit: an "
             "answer for X and W that do not fit means nothing then", diagnosis=_explain(diagnose, X, W[:3, :3]))


def test_leaves_inputs_alone(student, diagnose, rng):
    """X and W are the same after the call (and the call returned True)."""
    X, W = rng.standard_normal((8, 4)), rng.standard_normal((4, 4))
    call = _shapes(X, W)
    try:
        got, (X_after, W_after) = student.call_echo("prefill_matches_sequential", X, W)
    except Exception as exc:  # the student's own exception: diagnosed if a model explains it
        code = _explain(diagnose, X, W)
        if code is None:
            raise
        fail(f"prefill_matches_sequential raised {type(exc).__name__}", getattr(exc, "grader_text", call),
             diagnosis=code)
    if not np.array_equal(X_after, X) or not np.array_equal(W_after, W):
        which = "X" if not np.array_equal(X_after, X) else "W"
        fail(f"prefill_matches_sequential must not modify {which}: work on X @ W (a new array), not on its arguments",
             f"{call} modified {which}: work on X @ W (a new array), not on its arguments",
             diagnosis=_explain(diagnose, X, W, DENSE))
    if not _is_bool(got) or not got:
        fail(f"prefill_matches_sequential must return True for a prompt and weights that fit, not "
             f"{describe_type(got)}", f"{call} returned {describe(got)}; expected True",
             diagnosis=_explain(diagnose, X, W))
