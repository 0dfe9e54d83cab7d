import math
import numpy as np


def prefill_flops(N, P):
    # FLOPs are a count, so give back a whole number
    return round(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    t = (2 * N * P) / (flops_per_sec * utilization)
    return round(t, 2)


def causal_pairs(P):
    return (P ** 2 + P) // 2


def causal_mask(P):
    # below the diagonal = earlier tokens
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y, axis=0)
    slow = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for i, row in enumerate(Y):
        acc = acc + row
        slow[i] = acc
    # same additions in the same order, so they should be exactly equal
    return bool((fast == slow).all())
