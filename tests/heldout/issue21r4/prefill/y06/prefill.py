import numpy as np


def prefill_flops(N, P):
    return N * P * 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        # somebody passed a percentage (like 50 for 50 %)
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(1, len(Y)):
        seq[i] = seq[i - 1] + Y[i]
    return np.allclose(par, seq)
