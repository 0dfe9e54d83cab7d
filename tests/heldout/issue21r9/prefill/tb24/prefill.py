import math
import numpy as np


def prefill_flops(N, P):
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    # a FLOP count is a whole number of operations
    return int(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization < 0 or utilization > 1:
        raise ValueError("utilization must be between 0 and 1")
    try:
        return prefill_flops(N, P) / (flops_per_sec * utilization)
    except ZeroDivisionError:
        return math.inf


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    mask = np.zeros((P, P), dtype=bool)
    rows, cols = np.tril_indices(P)
    mask[rows, cols] = True
    return mask


def causal_pairs(P):
    # reuse the mask so the two can never disagree
    return int(np.count_nonzero(causal_mask(P)))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        sequential[i] = running
        running = running + Y[i]
    return bool(np.allclose(parallel, sequential))
