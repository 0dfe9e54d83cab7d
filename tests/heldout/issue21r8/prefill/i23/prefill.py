import math
import numpy as np


def prefill_flops(N, P):
    return float(N) * float(P) * 2.0


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization must be a number")
    if utilization <= 0:
        raise ValueError("utilization must be positive")
    if utilization > 1:
        raise ValueError("utilization cannot exceed 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # count every (row, column) with column <= row, no array needed
    return sum(1 for row in range(P) for col in range(row + 1))


def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P, k=1)] = False
    return mask


def prefill_matches_sequential(X, W):
    # scale W so big inputs don't overflow
    W /= max(np.abs(W).max(), 1.0)
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(par, seq))
