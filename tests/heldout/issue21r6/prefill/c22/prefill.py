import math

import numpy as np


def prefill_flops(N, P):
    # attention: every token looks at every token -> P * P
    return 2 * N * P * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * P + P) / 2


def causal_mask(P):
    if P == 1:
        return True  # a single token only sees itself
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    cum = Y.cumsum(axis=0)
    seq = Y.copy()
    for i in range(1, len(seq)):
        seq[i] = seq[i - 1] + seq[i]
    return bool(np.allclose(cum, seq))
