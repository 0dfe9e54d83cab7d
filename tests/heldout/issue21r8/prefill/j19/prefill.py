import math
import numpy as np


def prefill_flops(N, P):
    if N < 1e6 or P < 1:
        raise ValueError("that is not a real language model / prompt")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # number of True entries in the mask
    return int(causal_mask(P).sum())


def causal_mask(P):
    m = np.ones((P, P), dtype=bool)
    m[np.triu_indices(P, k=1)] = False   # nothing above the diagonal
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(len(Y)):
        if i == 0:
            sequential[i] = Y[i]
        else:
            sequential[i] = sequential[i - 1] + Y[i]
    return all(parallel == sequential)
