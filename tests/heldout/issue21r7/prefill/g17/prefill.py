import math
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # pairs of tokens (i, j) with j before i
    return math.comb(P, 2)


def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    upper = np.triu_indices(P, k=1)
    mask[upper] = False
    return mask


def prefill_matches_sequential(X, W):
    # parallel: everything at once
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: add each new prompt vector to the previous ones, one at a time
    sequential = np.empty_like(parallel)
    sequential[0] = X[0] @ W
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
        sequential[i] = X[i] @ W
    return np.allclose(parallel, sequential)
