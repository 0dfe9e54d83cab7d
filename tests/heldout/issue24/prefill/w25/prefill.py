import math
import numpy as np


def prefill_flops(N, P):
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    if P == 1:
        return True  # a single token only sees itself
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = (X @ W).squeeze()  # drop the extra dimension, easier to loop over
    sequential = np.zeros_like(Y)
    for i in range(len(Y)):
        if i == 0:
            sequential[i] = Y[i]
        else:
            sequential[i] = sequential[i - 1] + Y[i]
    parallel = np.cumsum(X @ W, axis=0)
    return bool(np.allclose(parallel, sequential))
