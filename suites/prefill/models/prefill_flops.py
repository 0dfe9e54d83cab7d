"""The Prefill lesson's misconceptions of prefill_flops, as models: wrong implementations of it.

Each function is a wrong version of the lesson function, marked with the code of the diagnosis
(diagnoses.toml) it stands for; a code may have several models (several ways to write the same
mistake). A check names a diagnosis only when the student's function agrees with a model of it on
every probe the check asks about (grader.checks, grader.grading.models), and `grader validate`
grades each model's text, laid over the reference, to prove that it gets exactly its diagnosis.

Instructor code, run by the grader itself: no output, no side effects, and each model
self-contained (numpy as np and the lesson's functions by name; no helpers), because its text
alone is what validate grades as a student's function.
"""

import numpy as np

from grader.checks import model, same_type


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


@model("flops.quadratic-term")
def flops_with_attention_scores(N, P):
    return 2 * N * P + 2 * P * P


@model("flops.quadratic-term")
def flops_with_p_squared(N, P):
    return 2 * N * P + P * P
