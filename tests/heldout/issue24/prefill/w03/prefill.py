import numpy as np


def prefill_flops(N, P):
    # float64 so big models don't overflow
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return np.divide(prefill_flops(N, P), np.float64(flops_per_sec) * u)


def causal_pairs(P):
    p = np.int32(P)
    return p * (p + 1) // 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc += Y[t]
        sequential[t] = acc
    return np.isclose(parallel, sequential)
