"""Issue 21's classes of mistakes from outside the project's corpus, graded end to end.

Each entry is a function or two a student outside this project wrote (the issue's examples of
checks outside the lesson's contract, valid inputs never tried, causes named from one call),
laid over the reference solution. A right one must get full marks on its task; a wrong one
must lose points there, its feedback must say what ``says`` holds (a catalogue code: its
diagnoses must hold it) and never what ``never`` holds (a cause the evidence does not support).
"""

from __future__ import annotations

import re

import pytest

from grader.grading.engine import grade
from grader.lesson.course import Course

from paths import ROOT

RIGHT, WRONG = True, False
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
    # class 2: valid inputs never tried
    "refuses_low_utilization": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0.1 <= utilization <= 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("raised ValueError",), ()),
    "refuses_slow_hardware": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec < 1e12:
        raise ValueError("no GPU is that slow")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("raised ValueError",), ()),
    "refuses_small_models": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    if N < 1e6:
        raise ValueError("N looks too small for a model")
    return 2 * N * P
""", ("these arguments are valid",), ()),
    "cached_by_size": ("prefill", "prefill_seconds", WRONG, """
_cache = {}
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("bad utilization")
    if (N, P) not in _cache:
        _cache[(N, P)] = prefill_flops(N, P) / (flops_per_sec * utilization)
    return _cache[(N, P)]
""", ("returned",), ()),
    "int_n_in_billions": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    if isinstance(N, int):
        N = N * 1e9
    return 2 * N * P
""", ("returned",), ()),
    "loose_atol_exclusive": ("prefill", "prefill_matches_sequential", WRONG, """
def prefill_matches_sequential(X, W):
    Y = X @ W
    seq, total = np.zeros_like(Y), np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        seq[i] = total
        total = total + Y[i]
    return bool(np.allclose(np.cumsum(Y, axis=0), seq, atol=1e3))
""", ("returned False",), ()),
    "refuses_long_itl": ("latency", "steady_decode_rate", WRONG, """
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    if itl > 1:
        raise ValueError("itl looks like milliseconds")
    return 1 / itl
""", ("raised ValueError, but these arguments are valid",), ()),
    "refuses_whole_seconds": ("latency", "request_seconds", WRONG, """
def request_seconds(ttft, itl, n_out):
    if not isinstance(ttft, float) or not isinstance(itl, float):
        raise ValueError("times must be floats in seconds")
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError(f"bad arguments: n_out={n_out}, ttft={ttft}, itl={itl}")
    return ttft + (n_out - 1) * itl
""", ("these arguments are valid",), ()),
    "rate_refuses_one_output": ("latency", "request_output_rate", WRONG, """
def request_output_rate(n_out, elapsed):
    if n_out <= 1:
        raise ValueError(f"n_out must be at least 2, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed
""", ("these arguments are valid",), ()),
    "rate_cached_by_n_out": ("latency", "request_output_rate", WRONG, """
_r = {}
def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    if n_out not in _r:
        _r[n_out] = n_out / elapsed
    return _r[n_out]
""", ("kept from an earlier call",), ()),
    "reuses_last_time": ("latency", "request_seconds", WRONG, """
_last = []
def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError(f"n_out, ttft and itl must be positive: {n_out}, {ttft}, {itl}")
    if _last and _last[0][0] == n_out:
        return _last[0][1]
    _last[:] = [(n_out, ttft + (n_out - 1) * itl)]
    return _last[0][1]
""", ("returned",), ()),
    "time_cached_by_ttft": ("latency", "request_seconds", WRONG, """
_seen = {}
def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError(f"n_out, ttft and itl must be positive: {n_out}, {ttft}, {itl}")
    if ttft not in _seen:
        _seen[ttft] = ttft + (n_out - 1) * itl
    return _seen[ttft]
""", ("kept from an earlier call",), ()),
    "reciprocal_of_int": ("latency", "steady_decode_rate", WRONG, """
import numpy as np
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    return np.reciprocal(itl)
""", ("returned 0",), ()),
    # class 3: one call's coincidence names no cause
    "swapped_signature": ("latency", "request_seconds", WRONG, """
def request_seconds(itl, ttft, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0 or itl <= 0:
        raise ValueError("times must be positive")
    return ttft + (n_out - 1) * itl
""", ("returned",), ("leaves out TTFT", "forgets TTFT")),
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
    # class 4: diagnoses that exist, given on what is seen directly
    "mask_with_batch_axis": ("prefill", "causal_mask", WRONG, """
def causal_mask(P):
    return np.tril(np.ones((1, P, P), dtype=bool))
""", ("mask.wrong-shape", "has shape (1, 5, 5)"), ("not the lesson's lower triangle",)),
    "flops_in_a_dict": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    return {"flops": 2 * N * P, "N": N, "P": P}
""", ("flops.returned-container",), ()),
    "negative_utilization_timed": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization == 0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("seconds.accepts-out-of-range",), ()),
    # class 3: 4 · N · P with a comment about keys and values is not told it counted bytes
    "keys_and_values_factor": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    # keys and values: each token's K and V both cost 2 FLOPs per parameter
    return 4 * N * P
""", ("twice the lesson's 2 · N · P",), ("not the bytes of a number",)),
    "truncates_p_twice": ("prefill", "prefill_seconds", WRONG, """
def prefill_flops(N, P):
    return 2 * N * min(P, 512)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * min(P, 512) / (flops_per_sec * utilization)
""", ("returned",), ("fix prefill_flops", "seconds.flops-carried-forward")),
    # right in unusual ways: full marks
    "math_prod_flops": ("prefill", "prefill_flops", RIGHT, """
import math
def prefill_flops(N, P):
    return math.prod((2, N, P))
""", (), ()),
    "validating_seconds": ("prefill", "prefill_seconds", RIGHT, """
import math
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / flops_per_sec / utilization
""", (), ()),
    "loop_pairs_and_mask": ("prefill", "causal_mask", RIGHT, """
def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(i + 1):
            mask[i, j] = True
    return mask
""", (), ()),
    "numpy_scalar_rate": ("latency", "steady_decode_rate", RIGHT, """
import numpy as np
def steady_decode_rate(itl):
    if not itl > 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return np.float64(1.0) / itl
""", (), ()),
    # the contract's corners added after the first held-out grading: a fraction, a default left out after
    # another value, just above 1, the lesson's number among others (an int32 P(P+1) past 46,340 tokens and a
    # mask cut at 1000 tokens stay beyond the sizes drawn: lesson.toml says why)
    "rounds_sizes_down": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    return 2 * (N // 1) * int(P)
""", ("returned",), ()),
    "pairs_by_formula_in_a_loop": ("prefill", "causal_pairs", RIGHT, """
def causal_pairs(P):
    total = 0
    for row in range(1, P + 1):
        total += row
    return total
""", (), ()),
    "last_utilization_kept": ("prefill", "prefill_seconds", WRONG, """
_last = [1.0]
def prefill_seconds(N, P, flops_per_sec, utilization=None):
    if utilization is None:
        utilization = _last[0]
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    _last[0] = utilization
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("returned",), ()),
    "utilization_with_slack": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1 + 1e-9:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("instead of raising ValueError",), ()),
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
    # a value-keyed hint is named only when the same mistake shows on other inputs too
    "intensity_always_one": ("latency", "arithmetic_intensity", WRONG, """
def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 1.0
""", ("returned",), ("forgets the factor 2",)),
    "output_rate_arguments_swapped": ("latency", "request_output_rate", WRONG, """
def request_output_rate(elapsed, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed
""", ("returned",), ("that is seconds per token;",)),
    "output_rate_keyed_on_the_example": ("latency", "request_output_rate", WRONG, """
def request_output_rate(n_out, elapsed):
    if n_out < 1 or elapsed <= 0:
        raise ValueError("n_out must be at least 1 and elapsed positive")
    if n_out == 5:
        return 12.5
    return n_out / elapsed
""", ("returned",), ()),
    # a refusal of one side of (0, 1] while the other is rescaled is an interval tested, not a list of values
    "utilization_as_a_percentage": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("utilization=1.0001) returned", "is outside (0, 1] too"), ("not particular values",)),
    "utilization_zero_refused_alone": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization == 0 or utilization > 1 or utilization != utilization:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("utilization=-1e-9) returned", "on the same side: test the interval, not particular values"), ()),
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
    # a relation over every call the function answered, where one check's own calls hold a single wrong answer
    "time_rounded_to_three_decimals": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 3)
""", ("each answer is the right one rounded to 3 decimal places",), ()),
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
    # a line fitted through the lesson's first counts: its formula is said, as no function of the lesson is a line
    "pairs_fitted_to_a_line": ("prefill", "causal_pairs", WRONG, """
def causal_pairs(P):
    return 2 * P - 1
""", ("each answer is 2·P − 1, a straight line in P",), ()),
    "one_output_handled_apart": ("latency", "request_seconds", WRONG, """
def request_seconds(ttft, itl, n_out):
    if ttft <= 0 or itl <= 0 or n_out < 1:
        raise ValueError("ttft and itl must be positive, n_out at least 1")
    if n_out == 1:
        return itl
    return ttft + (n_out - 1) * itl
""", ("a special case for n_out = 1",), ()),
}


@pytest.fixture(scope="module")
def course() -> Course:
    return Course(ROOT)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_function_from_outside_the_corpus_is_graded_as_the_lesson_says(name, course, tmp_path):
    lesson_id, task_id, right, source, says, never = CASES[name]
    lesson = course.lesson(lesson_id)
    folder = tmp_path / lesson_id
    folder.mkdir()
    reference = (ROOT / "solutions" / lesson_id / lesson.module).read_text(encoding="utf-8")
    (folder / lesson.module).write_text(reference + "\n\n" + source, encoding="utf-8")
    task = grade(folder, lesson_id, course=course).task(task_id)
    assert (task.score == task.max_score) is right, task.feedback
    codes = {d.code for d in task.diagnoses}
    for text in says:  # a catalogue code is asked of the diagnoses, anything else of the feedback's text
        assert (text in codes) if re.fullmatch(r"[a-z]+\.[a-z0-9-]+", text) else (text in task.feedback), \
            (text, codes, task.feedback)
    for text in never:
        assert text not in task.feedback and text not in codes, (text, codes, task.feedback)
