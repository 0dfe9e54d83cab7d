import math

import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 of P+1 "fence posts" = P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    # sequential pass, keep the state small like a real KV cache would
    sequential = np.zeros(Y.shape, dtype=np.float32)
    state = np.zeros(Y.shape[1], dtype=np.float32)
    for i in range(Y.shape[0]):
        state += Y[i]
        sequential[i] = state
    return bool(np.array_equal(parallel, sequential))
