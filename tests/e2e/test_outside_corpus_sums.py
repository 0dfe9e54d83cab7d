"""Issue 21's prefill_matches_sequential functions from outside the project's corpus, graded end to end.

One bool says little, so the feedback says what the function held when it returned (``outside_cases`` grades each;
test_outside_corpus.py holds the other functions): each sum it held, what it is or where it first differs, which
arrays were one, and what its comparison asks for. A right function, however unusual, gets full marks.
"""

from __future__ import annotations

from outside_cases import RIGHT, WRONG, each_case

CASES = {
    # class 1: the lesson says W is (d, d); a right loop indexing W[m, k] for m, k < d must pass
    "loop_matmul_matches": ("prefill", "prefill_matches_sequential", RIGHT, """
def prefill_matches_sequential(X, W):
    P, d = X.shape
    Y = [[sum(X[p, k] * W[k, m] for k in range(d)) for m in range(d)] for p in range(P)]
    run, ok = [0.0] * d, True
    S = np.cumsum(np.array(Y), axis=0)
    for p in range(P):
        for m in range(d):
            run[m] += Y[p][m]
            if abs(run[m] - S[p, m]) > 1e-9 * (1 + abs(S[p, m])):
                ok = False
    return ok
""", (), ()),
    "loose_atol_exclusive": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq, total = np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        seq[i] = total
        total = total + Y[i]
    return bool(np.allclose(np.cumsum(Y, axis=0), seq, atol=1e3))
""", ("returned False",), ()),
    "cumprod_all_at_once": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    allat = np.cumprod(Y, axis=0)
    seq, run = np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(allat, seq))
""", ("`allat` is the running product of X @ W", "`seq` is the running sum"), ("later positions", "future")),
    "total_at_every_position": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.array([Y.sum(axis=0) for _ in range(len(Y))])
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
""", ("`seq` is the sum over all positions, later ones too",), ("running product",)),
    "weights_on_the_left_in_a_loop": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    acc, ok = np.zeros(W.shape[1]), True
    for i in range(len(X)):
        acc = acc + W @ X[i]
        ok = ok and np.allclose(np.cumsum(X @ W, axis=0)[i], acc)
    return bool(ok)
""", ("`acc` is the last position of the running sum of X @ W.T",), ()),
    "rows_of_x_appended": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    a, b, s = np.cumsum(X @ W, axis=0), [], np.zeros(X.shape[1])
    for i in range(len(X)):
        s = s + X[i]
        b.append(s)
    return np.allclose(a, np.array(b))
""", ("`b` is the running sum of X itself",), ("`s` is",)),  # a vector that is a sum of X's rows: any loop's
    "weights_on_the_left_returning_early": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    parallel, total = np.cumsum(X @ W, axis=0), np.zeros(W.shape[0])
    for i in range(X.shape[0]):
        total = total + W @ X[i]
        if not np.allclose(total, parallel[i]):
            return False
    return True
""", ("`total` is position 0 of the running sum of X @ W.T",), ()),
    "relative_error_over_the_sum": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    par, seq, acc = np.cumsum(Y, axis=0), np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    rel_err = np.abs(par - seq) / np.abs(par)
    return bool(np.all(rel_err < 1e-9))
""", ("`rel_err` is NaN in cells where the running sum is 0 (0 / 0), and in no other",), ()),
    "fixed_tolerance_on_summed_prompt_rows": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    parallel, running_x = np.cumsum(X @ W, axis=0), np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running_x = running_x + X[i]
        step = running_x @ W
        if np.max(np.abs(step - parallel[i])) > 1e-9:
            return False
    return True
""", ("`step` is position 1 of the running sum, within rounding", "A position it held and the running sum's agree up "
      "to floating-point rounding"), ("at each position",)),
    "first_row_twice": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq, run = np.zeros_like(Y), Y[0].copy()
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
""", ("`seq` first differs from the running sum",), ("misses the first row", "never fills the first")),
    "batch_axis_sum": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X[None, :, :] @ W
    allat = np.cumsum(Y, axis=0)[0]
    seq, run = np.zeros_like(Y[0]), np.zeros(Y.shape[2])
    for i in range(Y.shape[1]):
        run = run + Y[0, i]
        seq[i] = run
    return bool(np.allclose(allat, seq))
""", ("`allat` is X @ W itself, not summed",), ("loop does not accumulate",)),
    "exact_sum_relative_tolerance": ("prefill", "prefill_matches_sequential", WRONG, """
import math


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    for i in range(Y.shape[0]):
        for k in range(Y.shape[1]):
            if not math.isclose(parallel[i, k], math.fsum(Y[j, k] for j in range(i + 1))):
                return False
    return True
""", ("(X of shape (3, 3), W of shape (3, 3)) returned False",), ()),
    "each_position_summed_backwards": ("prefill", "prefill_matches_sequential", RIGHT, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        for j in range(i, -1, -1):
            seq[i] += Y[j]
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
""", (), ()),
    "cumsum_into_out": ("prefill", "prefill_matches_sequential", RIGHT, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq, run = np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run += Y[i]
        seq[i] = run
    np.cumsum(Y, axis=0, out=Y)
    return bool(np.allclose(Y, seq))
""", (), ()),
    # a False from the comparison alone is said so only on evidence: two sums held, right within rounding,
    # and True where every order of adding agrees exactly (whole numbers)
    "exact_compare_other_order": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    all_at_once = np.cumsum(X @ W, axis=0)
    step = np.zeros_like(all_at_once)
    running = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running = running + X[i]
        step[i] = running @ W
    return bool((all_at_once == step).all())
""", ("asks for more than rounding allows",), ()),
    "compares_the_unsummed_product": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    running = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total = total + Y[i]
        running[i] = total
    return bool(np.allclose(np.cumsum(Y, axis=0), Y))
""", ("returned False",), ("asks for more than rounding allows", "exact")),
    # one array under two names, or put in a list again and again: the state says so, as copies cannot
    "cumsum_into_its_own_product": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    XW = X @ W
    par = np.cumsum(XW, axis=0, out=XW)
    seq = np.zeros_like(XW)
    acc = np.zeros(XW.shape[1])
    for i in range(XW.shape[0]):
        acc = acc + XW[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
""", ("`XW` and `par` are one array in memory",), ("the arrays in",)),
    "one_running_row_appended_again": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    running = Y[0]
    rows = [running]
    for i in range(1, len(Y)):
        running += Y[i]
        rows.append(running)
    return bool(np.allclose(np.cumsum(X @ W, axis=0), np.vstack(rows)))
""", ("the arrays in `rows` are one array in memory",), ("are one array in memory: a change",)),
    "cumsum_into_its_own_product_right": ("prefill", "prefill_matches_sequential", RIGHT, """
def prefill_matches_sequential(X, W):
    seq = np.zeros((X.shape[0], W.shape[1]))
    acc = np.zeros(W.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i] @ W
        seq[i] = acc
    XW = X @ W
    par = np.cumsum(XW, axis=0, out=XW)
    return bool(np.allclose(par, seq))
""", (), ()),
    # an exact comparison one row at a time: the last two arrays compared are what shows it
    "row_by_row_exact_comparison": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    for i in range(X.shape[0]):
        step = X[: i + 1].sum(axis=0) @ W
        if not np.array_equal(step, parallel[i]):
            return False
    return True
""", ("sequential.exact-equality", "The last two arrays it compared agree up to floating-point rounding"), ()),
    # issue 21's seventh round, g08 and f11: raises on valid inputs, told by where it raises (grading.shapes)
    "x_and_w_of_one_shape": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    if X.shape != W.shape:
        raise ValueError("X and W must have the same shape")
    return bool(np.allclose(np.cumsum(X @ W, axis=0), np.cumsum(X, axis=0) @ W))
""", ("raised ValueError in exactly those where P ≠ d; it returned a value at every other",), ()),
    "rows_kept_in_a_default_list": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W, rows=[]):
    for x in X:
        rows.append(x @ W)
    seq = np.array(rows[-len(X):]).cumsum(axis=0)
    if len(rows) > 30:
        raise ValueError("too many rows")
    return bool(np.allclose(np.cumsum(X @ W, axis=0), seq))
""", ("keeps something between calls (a default argument, a global, a cache)",), ()),
    # the loop sums from the end while np.cumsum is right: a hint blaming the all-at-once side named the wrong one
    "loop_sums_from_the_end": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in reversed(range(len(Y))):
        acc = acc + Y[t]
        seq[t] = acc
    return bool(np.allclose(par, seq))
""", ("`seq` is the running sum taken from the end",), ("sequential.anticausal", "all-at-once sum adds the later")),
    # the ninth round's probe: a comparison of each sum less its first row misses a change of every position
    # alike; it was told the all-at-once sum "did not decide its answer", which it does for other changes
    "compares_differences_from_the_first_row": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(1, Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(par[1:] - par[0], seq[1:]))
""", ("its answer stayed True",), ("did not decide",)),
    # the ninth round's tb22: np.cumsum along axis 1 inside the comparison, never held in a name
    "cumsum_across_inline": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return np.allclose(np.cumsum(Y, 1), seq)
""", ("np.cumsum returned a running sum along each row (axis=1)",), ()),
    # the ninth round's tb14 and ta11: np.cumsum without an axis, laid back in X @ W's shape
    "cumsum_flattened_and_reshaped": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y).reshape(Y.shape)
    seq = np.vstack([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return bool(np.allclose(par, seq))
""", ("`par` is the running sum of X @ W's numbers in one line (np.cumsum without axis=0)",), ()),
}


course, test_each_function_from_outside_the_corpus_is_graded_as_the_lesson_says = each_case(CASES)
