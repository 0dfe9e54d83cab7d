import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * P+1 / 2


def causal_mask(P):
    return np.tril(np.ones((P, P))) == 1


def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros_like(Y)
    s = 0
    for i in range(Y.shape[0]):
        s = s + Y[i]
        b[i] = s
    return np.isclose(a, b)
