import numpy as np


def prefill_flops(N, P):
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return np.float64(2) * N * P / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    idx = np.arange(P)
    return np.greater_equal.outer(idx, idx)


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    batched = np.cumsum(Y, axis=1)
    looped = np.zeros_like(Y)
    looped[0] = Y[0]
    for p in range(1, Y.shape[0]):
        looped[p] = looped[p - 1] + Y[p]
    return np.allclose(batched, looped)
