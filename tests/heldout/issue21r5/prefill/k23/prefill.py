import math
import numpy as np


def prefill_flops(N, P):
    """FLOPs ~ 2 * N * P"""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """seconds = flops / (peak * utilization)"""
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0:
        raise ValueError("utilization must be > 0")
    if utilization > 1:
        raise ValueError("utilization must be <= 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """1 + 2 + ... + P"""
    return P * (P + 1) / 2


def causal_mask(P):
    """True where token (row) may look at token (column)"""
    rows, cols = np.indices((P, P))
    return rows <= cols


def prefill_matches_sequential(X, W):
    """running sum of X @ W: all at once vs one position at a time"""
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    for t in range(len(Y)):
        one_by_one[t] = Y[t] if t == 0 else one_by_one[t - 1] + Y[t]
    return np.allclose(at_once, one_by_one)
