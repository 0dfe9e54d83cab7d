import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        mask[row, : row + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    P = X.shape[0]
    # parallel: every position at once
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: keep a running sum of the prompt vectors
    sequential = np.zeros((P, W.shape[1]))
    running = np.zeros(X.shape[1])
    for i in range(P):
        running = running + X[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
