# mistake: left prefill_matches_sequential with only a TODO comment and no body, which does not compile
# fails: prefill_matches_sequential
# diagnosis: import.syntax-error
# hint: expected an indented block
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    # TODO: compare the running sums
