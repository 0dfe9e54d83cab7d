"""The misconceptions of the Prefill lesson as models: wrong implementations, one per way of being wrong.

Each function below is a wrong version of one lesson function, marked with the code of the
diagnosis (diagnoses.toml) it stands for; a code may have several models (several ways to
write the same mistake). A check names a diagnosis only when the student's function agrees
with a model of it on every probe the check asks about (see grader.checks and
grader.grading.models), and `grader validate` grades each model's text, laid over the
reference, to prove that it gets exactly its diagnosis.

These are instructor code, run by the grader itself: no output, no side effects, and each
function self-contained (numpy as np and the lesson's functions by name; no helpers).
"""

import numpy as np

from grader.checks import both, model, same_cells, same_changes, same_message, same_type


def _raised_other_error(student, predicted):
    """A bad utilization refused with some exception other than the ValueError the lesson asks for
    (AssertionError and the arithmetic errors have diagnoses of their own); a good one answered."""
    if predicted.kind == "raised":
        return student.kind == "raised" and student.error not in (
            "ValueError", "AssertionError", "ZeroDivisionError", "OverflowError", "FloatingPointError")
    return same_type(student, predicted)


# ---------------------------------------------------------------- prefill_flops(N, P)

@model("flops.missing-factor-2")
def flops_one_per_parameter(N, P):
    return N * P


@model("flops.halved")
def flops_halved(N, P):
    return N * P / 2


@model("flops.returned-container", same=same_type)
def flops_in_an_array(N, P):
    return np.array([2.0 * N * P])


@model("flops.returned-container", same=same_type)
def flops_with_its_unit(N, P):
    return 2 * N * P, "FLOPs"


@model("flops.squared")
def flops_square_of_prompt(N, P):
    return 2 * N * P ** 2


@model("flops.squared")
def flops_square_of_prompt_without_factor(N, P):
    return N * P * P


@model("flops.squared")
def flops_square_of_parameters(N, P):
    return 2 * N * N * P


@model("flops.squared")
def flops_squared_whole(N, P):
    return (2 * N * P) ** 2


@model("flops.squared")
def flops_times_pairs(N, P):
    return 2 * N * (P * (P + 1) / 2)


@model("flops.returned-string", same=same_type)
def flops_formatted(N, P):
    return f"{2 * N * P:.2e}"


@model("flops.returned-none")
def flops_not_returned(N, P):
    flops = 2 * N * P  # noqa: F841 - computed, never returned: the mistake
    return None


@model("flops.training-rule")
def flops_training_step(N, P):
    return 6 * N * P


@model("flops.in-billions")
def flops_in_gigaflops(N, P):
    return 2 * N * P / 1e9


@model("flops.in-billions")
def flops_whole_billions(N, P):
    return 2 * int(N // 1e9) * P


@model("flops.in-billions")
def flops_floored_billions(N, P):
    return 2 * N * P // 1e9


@model("flops.billions-twice")
def flops_parameters_times_billion(N, P):
    return 2 * (N * 1e9) * P


@model("flops.other-unit")
def flops_thousands_of_tokens(N, P):
    return 2 * N * (P / 1000)


@model("flops.other-unit")
def flops_teraflops_rounded(N, P):
    return round(2 * N * P / 1e12, 2)


@model("flops.other-unit")
def flops_in_teraflops(N, P):
    return 2 * N * P / 1e12


@model("flops.one-token")
def flops_per_token(N, P):
    return 2 * N


@model("flops.bytes-factor")
def flops_times_bytes(N, P):
    return 2 * N * P * 2


@model("flops.sum-not-product")
def flops_sum(N, P):
    return N + P


@model("flops.sum-not-product")
def flops_sum_with_factor(N, P):
    return 2 * N + P


# an int N makes 2 ** N an int of billions of digits: not computed here (its outcome is a timeout)
@model("flops.power-not-product", slow=lambda N, P: isinstance(N, int) and N > 10_000)
def flops_power(N, P):
    return 2 ** N * P


@model("flops.token-off-by-one")
def flops_one_token_short(N, P):
    return 2 * N * (P - 1)


@model("flops.token-off-by-one")
def flops_one_token_too_many(N, P):
    return 2 * N * (P + 1)


# ---------------------------------------------------------------- prefill_seconds(N, P, flops_per_sec, utilization)

@model("seconds.flops-carried-forward", carried=True, needs="flops.missing-factor-2")
def seconds_on_your_flops(N, P, flops_per_sec, utilization=1.0):
    # the lesson's formula: it can only be wrong through the prefill_flops it is given
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821 - the lesson's function


@model("seconds.multiplied-by-utilization")
def seconds_times_utilization(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec * utilization  # noqa: F821


@model("seconds.ignored-utilization")
def seconds_at_peak(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec  # noqa: F821


@model("seconds.hardcoded-peak")
def seconds_lesson_peak(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (1e14 * utilization)  # noqa: F821


@model("seconds.hardcoded-flops")
def seconds_lesson_flops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 1.4e13 / (flops_per_sec * utilization)


@model("seconds.utilization-as-percent")
def seconds_utilization_percent(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization / 100)  # noqa: F821


@model("seconds.utilization-as-percent")
def seconds_percent_range(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 100):
        raise ValueError("utilization must be in (0, 100]")
    return prefill_flops(N, P) / (flops_per_sec * utilization / 100)  # noqa: F821


@model("seconds.milliseconds")
def seconds_in_milliseconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) * 1000  # noqa: F821


@model("seconds.rounded")
def seconds_rounded(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return round(prefill_flops(N, P) / (flops_per_sec * utilization), 2)  # noqa: F821


@model("seconds.rounded")
def seconds_whole(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return int(prefill_flops(N, P) / (flops_per_sec * utilization))  # noqa: F821


@model("seconds.extra-billion")
def seconds_over_billion(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) / 1e9  # noqa: F821


@model("seconds.nanoseconds")
def seconds_in_nanoseconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization) * 1e9  # noqa: F821


@model("seconds.extra-trillion")
def seconds_rate_in_teraflops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * 1e12 * utilization)  # noqa: F821


@model("seconds.inverted")
def seconds_rate_over_flops(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return flops_per_sec * utilization / prefill_flops(N, P)  # noqa: F821


@model("seconds.renamed-utilization")
def seconds_renamed_utilization(N, P, flops_per_sec, util=1.0):
    if not (0 < util <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * util)  # noqa: F821


@model("seconds.keyword-only-utilization")
def seconds_named_utilization(N, P, flops_per_sec, *, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.flops-without-factor-2")
def seconds_own_flops_halved(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return N * P / (flops_per_sec * utilization)


@model("seconds.idle-share")
def seconds_idle_share(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * (1 - utilization))  # noqa: F821


@model("seconds.default-utilization")
def seconds_default_half(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.rejects-int")
def seconds_float_only(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0 < utilization <= 1):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.rejects-int")
def seconds_float_only_type_error(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise TypeError("utilization must be a float")
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.returned-none", same=same_type)
def seconds_printed(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821, F841 - never returned
    return None


@model("seconds.returned-string", same=same_type)
def seconds_as_text(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return f"{prefill_flops(N, P) / (flops_per_sec * utilization):.2f} s"  # noqa: F821


@model("seconds.rejects-full-utilization")
def seconds_open_interval(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization < 1):
        raise ValueError("utilization must be in (0, 1)")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_unchecked(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_checks_only_above_one(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization must be at most 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_checks_only_below_zero(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0:
        raise ValueError("utilization must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_accepts_zero(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1:
        raise ValueError("utilization must be in [0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_closed_interval(N, P, flops_per_sec, utilization=1.0):
    if not 0 <= utilization <= 1:
        raise ValueError("utilization must be in [0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_refuses_only_zero(N, P, flops_per_sec, utilization=1.0):
    try:
        return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821
    except ZeroDivisionError:
        raise ValueError("utilization must not be zero") from None


@model("seconds.accepts-out-of-range", same=same_type)
def seconds_reads_above_one_as_percent(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.replaces-bad-value", same=same_type)
def seconds_clamped(N, P, flops_per_sec, utilization=1.0):
    utilization = min(max(utilization, 0.01), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.replaces-bad-value", same=same_type)
def seconds_zero_is_default(N, P, flops_per_sec, utilization=None):
    utilization = utilization or 1.0
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.lets-nan-through", same=same_type)
def seconds_tests_bad_values(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.assert-instead-of-raise", same=same_type)
def seconds_asserts(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.wrong-exception", same=_raised_other_error)
def seconds_plain_exception(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise Exception("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.printed-instead-of-raising", same=same_type)
def seconds_warns(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return None  # a warning printed instead of an error raised
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.printed-instead-of-raising", same=same_type)
def seconds_returns_message(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


@model("seconds.returned-exception", same=same_type)
def seconds_returns_error(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        return ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)  # noqa: F821


# ---------------------------------------------------------------- causal_pairs(P)

@model("pairs.all-pairs")
def pairs_whole_grid(P):
    return P * P


@model("pairs.diagonal-missing")
def pairs_strict_triangle(P):
    return P * (P - 1) // 2


@model("pairs.off-by-one")
def pairs_one_token_too_many(P):
    return (P + 1) * (P + 2) // 2


@model("pairs.return-in-loop")
def pairs_return_in_loop(P):
    total = 0
    for i in range(1, P + 1):
        total += i
        return total


@model("pairs.not-halved")
def pairs_not_halved(P):
    return P * (P + 1)


@model("pairs.half-grid")
def pairs_half_grid(P):
    return P * P / 2


@model("pairs.half-grid")
def pairs_half_grid_whole(P):
    return P * P // 2


@model("pairs.off-by-one")
def pairs_inner_loop_too_far(P):
    return P * (P + 3) // 2


@model("pairs.off-by-one")
def pairs_recursion_base_zero(P):
    # a recursion whose base case gives 0 for one token; like any recursion, too deep for a long prompt
    # (written out here: a RecursionError in the grader's own process would upset Python's parser)
    if P > 900:
        raise RecursionError("maximum recursion depth exceeded")
    return P * (P + 1) // 2 - 1 if P >= 1 else 0


@model("pairs.hardcoded-examples")
def pairs_lesson_table(P):
    return {4: 10, 5: 15}.get(P, P * P)


@model("pairs.halved-twice")
def pairs_quarter(P):
    return P * (P + 1) / 4


@model("pairs.distinct-ordered")
def pairs_ordered(P):
    return P * (P - 1)


@model("pairs.recursion-too-deep")
def pairs_recursive(P):
    # one call per token: right, but Python stops a chain of about a thousand calls (written out here:
    # a RecursionError in the grader's own process would upset Python's parser)
    if P > 900:
        raise RecursionError("maximum recursion depth exceeded")
    return P * (P + 1) // 2


@model("pairs.too-slow", slow=lambda P: P > 40)
def pairs_membership(P):
    count = 0
    for i in range(P):
        for j in range(P):
            if j in list(range(i + 1)):
                count += 1
    return count


@model("pairs.returned-list", same=same_type)
def pairs_listed(P):
    return [(i, j) for i in range(P) for j in range(i + 1)]


@model("pairs.returned-string", same=same_type)
def pairs_as_text(P):
    return f"{P * (P + 1) // 2} pairs"


@model("pairs.returned-none", same=same_type)
def pairs_printed(P):
    n = P * (P + 1) // 2  # noqa: F841 - printed, never returned: the mistake
    return None


# ---------------------------------------------------------------- causal_mask(P)

@model("mask.transposed", same=same_cells)
def mask_upper(P):
    return np.triu(np.ones((P, P), dtype=bool))


@model("mask.diagonal-missing", same=same_cells)
def mask_strict_lower(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


@model("mask.inverted", same=same_cells)
def mask_future(P):
    return np.triu(np.ones((P, P), dtype=bool), k=1)


@model("mask.diagonal-only", same=same_cells)
def mask_eye(P):
    return np.eye(P, dtype=bool)


@model("mask.no-masking", same=same_cells)
def mask_everything(P):
    return np.ones((P, P), dtype=bool)


@model("mask.off-by-one", same=same_cells)
def mask_next_token_too(P):
    return np.tri(P, k=1, dtype=bool)


@model("mask.off-by-one", same=same_cells)
def mask_last_row_empty(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P - 1):
        mask[i, : i + 1] = True
    return mask


@model("mask.additive")
def mask_additive(P):
    mask = np.zeros((P, P))
    mask[np.triu_indices(P, k=1)] = -np.inf
    return mask


@model("mask.returned-indices", same=same_type)
def mask_indices(P):
    return np.tril_indices(P)


@model("mask.shape-as-two-numbers", same=same_message)
def mask_ones_two_numbers(P):
    return np.tril(np.ones(P, P)).astype(bool)


@model("mask.dtype-to-tril", same=same_message)
def mask_tril_dtype(P):
    return np.tril(np.ones((P, P)), dtype=bool)


@model("mask.returned-none", same=same_type)
def mask_printed(P):
    mask = np.tril(np.ones((P, P), dtype=bool))  # noqa: F841 - printed, never returned: the mistake
    return None


@model("mask.not-bool", same=both(same_cells, same_type))
def mask_of_numbers(P):
    return np.tril(np.ones((P, P)))


@model("mask.nested-lists", same=same_type)
def mask_as_lists(P):
    return [[col <= row for col in range(P)] for row in range(P)]


@model("mask.wrong-shape", same=same_cells)
def mask_one_token_too_many(P):
    return np.array([[col <= row for col in range(P + 1)] for row in range(P + 1)])


@model("mask.one-based")
def mask_one_based(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(1, P + 1):
        for j in range(1, i + 1):
            mask[i, j] = True
    return mask


@model("mask.numpy-name", same=same_message)
def mask_without_np(P):
    raise NameError("name 'np' is not defined")  # the lesson's np.tril, in a file that never defined np


@model("mask.wrong-shape", same=same_cells)
def mask_one_row(P):
    return np.arange(P) <= np.arange(P)


@model("mask.too-slow", slow=lambda P: P > 100)
def mask_cell_by_cell(P):
    # right, but each cell asks about every earlier column again: P³ steps
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            mask[row, col] = any(earlier == col for earlier in range(row + 1))
    return mask


# ---------------------------------------------------------------- prefill_matches_sequential(X, W)

@model("sequential.constant-true")
def sequential_says_yes(X, W):
    return True


@model("sequential.cumsum-flattened")
def sequential_flat_cumsum(X, W):
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.exact-equality")
def sequential_exact(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    for i in range(X.shape[0]):
        sequential[i] = X[: i + 1].sum(axis=0) @ W
    return bool((parallel == sequential).all())


@model("sequential.mutates-input", same=same_changes)
def sequential_in_place(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    return bool(np.allclose(parallel, X @ W))


@model("sequential.loop-not-cumulative")
def sequential_rows_alone(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[i]
    return bool(np.allclose(parallel, sequential))


@model("sequential.returned-array", same=same_type)
def sequential_elementwise(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.isclose(parallel, sequential)


@model("sequential.excludes-current")
def sequential_before_current(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        sequential[i] = running
        running = running + Y[i]
    return bool(np.allclose(parallel, sequential))


@model("sequential.stops-early")
def sequential_stops_early(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0] - 1):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.without-product")
def sequential_without_product(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros(X.shape)
    running = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running = running + X[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.return-in-loop")
def sequential_returns_early(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
        return bool(np.allclose(parallel, sequential))


@model("sequential.loop-over-width")
def sequential_loops_over_d(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(W.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.cumsum-wrong-axis")
def sequential_cumsum_columns(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.product-order")
def sequential_w_times_x(X, W):
    Y = W @ X
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))


@model("sequential.product-order")
def sequential_w_times_row(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros_like(parallel)
    running = np.zeros(W.shape[1])
    for i, x in enumerate(X):
        running = running + W @ x
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.loop-over-columns")
def sequential_over_transpose(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    running = np.zeros(W.shape[1])
    for x in X.T:
        running = running + x @ W
        sequential.append(running)
    return np.allclose(parallel, np.array(sequential))


@model("sequential.returned-none")
def sequential_prints(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    agree = bool(np.allclose(parallel, sequential))  # noqa: F841 - printed, never returned: the mistake
    return None


@model("sequential.returned-string", same=same_type)
def sequential_as_text(X, W):
    Y = X @ W
    return str(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))])))


@model("sequential.returned-sums", same=same_type)
def sequential_both_sums(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0)
    return parallel, sequential


@model("sequential.truth-of-array")
def sequential_builtin_all(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return all(parallel == sequential)


@model("sequential.anticausal")
def sequential_future_sum(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.triu(np.ones((P, P))) @ Y
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(P):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.aliased-rows")
def sequential_same_array(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    rows = []
    for y in Y:
        running += y
        rows.append(running)
    return np.allclose(parallel, np.array(rows))


@model("sequential.elementwise-product")
def sequential_times(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.first-position-skipped")
def sequential_from_second(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    return np.allclose(parallel, sequential)


@model("sequential.integer-buffer")
def sequential_int_buffer(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape, dtype=int)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)


@model("sequential.sum-over-everything")
def sequential_scalar_sums(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum()
    return np.allclose(parallel, sequential)


@model("sequential.numpy-name", same=same_message)
def sequential_without_np(X, W):
    Y = X @ W  # noqa: F841 - the product comes first; then the lesson's np.cumsum, in a file without np
    raise NameError("name 'np' is not defined")
