"""Prefill cost model and causal checks (E1.2 lesson 2)."""
import math

import numpy as np


def prefill_flops(N, P):
    # one multiply + one add per parameter per prompt token
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not math.isfinite(utilization) or utilization <= 0.0 or utilization > 1.0:
        raise ValueError("utilization must lie in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 distinct positions, plus P (token, itself) pairs == C(P+1, 2)
    return math.comb(P + 1, 2)


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        mask[row, : row + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    P, d = Y.shape
    # sequential: for each position add up everything so far, exactly (math.fsum)
    for i in range(P):
        for k in range(d):
            seq_value = math.fsum(Y[j, k] for j in range(i + 1))
            if not math.isclose(parallel[i, k], seq_value):
                return False
    return True
