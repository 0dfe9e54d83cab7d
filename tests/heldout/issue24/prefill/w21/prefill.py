import math

import numpy as np


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0.0 < utilization <= 1.0):  # also False for NaN
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * ((P + 1) // 2)


def causal_mask(P):
    positions = np.arange(P)
    return np.greater_equal.outer(positions, positions)


def prefill_matches_sequential(X, W):
    P, d = X.shape
    parallel = np.cumsum(X @ W, axis=0)
    sequential = np.zeros((P, d))
    state = np.zeros(d)
    for t in range(P):
        state = state + W @ X[t]
        sequential[t] = state
    return bool(np.allclose(parallel, sequential))
