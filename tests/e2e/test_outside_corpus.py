"""Issue 21's classes of mistakes from outside the project's corpus, graded end to end (``outside_cases``).

Each entry is a function or two a student outside this project wrote (the issue's examples of checks outside the
lesson's contract, valid inputs never tried, causes named from one call), laid over the reference solution;
prefill_matches_sequential's, where what the function held is the evidence, are in test_outside_corpus_sums.py.
"""

from __future__ import annotations

from outside_cases import RIGHT, WRONG, each_case

CASES = {
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
""", ("utilization=-1e-9) returned", "further out: test the interval, not particular values"), ()),
    # refused past a bound beyond 1 (whole percent, truncated), accepted nearer: no list of values said
    "utilization_in_whole_percent": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    percent = int(utilization * 100)
    if percent <= 0 or percent > 100:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("nearer to it: the refusal does not start where (0, 1] ends",), ("not particular values",)),
    # a relation over every call the function answered, where one check's own calls hold a single wrong answer
    "time_rounded_to_three_decimals": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 3)
""", ("each answer is the right one rounded to 3 decimal places",), ()),
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
    # this session's own probes (not a held-out writer's): the sign dropped before the interval test, a rate of
    # 1 FLOP/s read as TFLOP/s, a utilization refused below 0.01, answers rounded to thousands
    "utilization_sign_dropped": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = abs(utilization)
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("its sign is dropped (abs) before (0, 1] is tested",), ("test the interval, not particular values",)),
    "small_rate_read_as_tera": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec < 1e6:
        flops_per_sec = flops_per_sec * 1e12
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("the right one for flops_per_sec times 1e+12",), ()),
    "small_utilization_refused": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0.01 <= utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)
""", ("the function refuses utilization below about 0.01",), ()),
    "flops_to_the_thousand": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    return round(2 * N * P, -3)
""", ("rounded to the nearest 1,000",), ()),
    # issue 21's eighth round, o10: round() agrees with floor division on the worked example (12.5 rounds to 12)
    "rate_rounded_not_floored": ("latency", "request_output_rate", WRONG, """
def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    return round(n_out / elapsed)
""", ("each answer is the right one rounded to a whole number",), ("rate.whole-division", "floor division")),
    # the ninth round's own probes: P = 1 handled apart, asked only beside N = 1 before the draws crossed their
    # ends; a utilization cap at 0.9, asked at 1.0 and 0.5 only; a time rounded to 0 where a right one is tiny
    "one_token_halved": ("prefill", "prefill_flops", WRONG, """
def prefill_flops(N, P):
    return 2 * N * P * (1 if P > 1 else 0.5)
""", ("a special case for P = 1",), ("a special case for N = 1",)),
    "utilization_capped_below_one": ("prefill", "prefill_seconds", WRONG, """
def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * min(utilization, 0.9))
""", ("a threshold the code sets between",), ("a special case for utilization = 1.0 that",)),
    # the ninth round's tb05: a mask sliced from a table of 4096 tokens, asked past it for its facts alone
    "mask_from_a_4096_token_table": ("prefill", "causal_mask", WRONG, """
_TABLE = np.tril(np.ones((4096, 4096), dtype=bool))


def causal_mask(P):
    return _TABLE[:P, :P].copy()
""", ("mask.wrong-shape", "causal_mask(4097) returned a (4096, 4096) array of bool"), ()),
    "mask_from_a_4096_token_table_padded": ("prefill", "causal_mask", WRONG, """
_TABLE = np.tril(np.ones((4096, 4096), dtype=bool))


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    mask[:4096, :4096] = _TABLE[:P, :P]
    return mask
""", ("causal_mask(4097) has 8,390,656 True cells, 0 of them above the diagonal",), ()),
    # the ninth round's tc25: an ITL of 1 s or more "already a rate", returned as it is
    "long_itl_taken_for_a_rate": ("latency", "steady_decode_rate", WRONG, """
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl >= 1:
        return itl
    return 1 / itl
""", ("each wrong answer is 1 divided by the right one, for itl of",), ()),
}


course, test_each_function_from_outside_the_corpus_is_graded_as_the_lesson_says = each_case(CASES)


def test_a_reordered_signature_is_never_said_to_raise_what_nobody_raised(course, tmp_path):
    """Checks a reordered signature fails without a raise of its own (a wrong value) keep their property in the
    student's view: the engine's words for a raise were given None, "raised NoneType" (the eighth round, o29)."""
    from grader.grading.engine import grade

    from paths import ROOT

    folder = tmp_path / "latency"
    folder.mkdir()
    reference = (ROOT / "solutions" / "latency" / "latency.py").read_text(encoding="utf-8")
    (folder / "latency.py").write_text(reference + '''

def request_output_rate(elapsed, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed
''', encoding="utf-8")
    report = grade(folder, "latency", course=course)
    said = report.for_audience("student").task("request_output_rate").feedback
    assert "NoneType" not in said and "parameters" in said, said
