import numpy as np


def prefill_flops(N, P):
    return 2 * P * N


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:  # someone passed a percentage like 50
        utilization = utilization / 100
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 1:
        return 0  # a single token has nothing to pair with
    return P * (P + 1) // 2


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    sequential = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        sequential[i] = s
    return np.allclose(parallel, sequential)
