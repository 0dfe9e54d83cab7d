import numpy as np


def prefill_flops(N, P):
    return np.float64(N) * P * 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    pass


def prefill_matches_sequential(X, W):
    # centre the prompt vectors first so the sums stay small
    X -= X.mean(axis=0, keepdims=True)
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    looped = np.empty_like(Y)
    total = np.zeros(Y.shape[1])
    for i, row in enumerate(Y):
        total = total + row
        looped[i] = total
    return np.allclose(at_once, looped)
