import numpy as np


def prefill_flops(N, P):
    # a FLOP count is a whole number
    return int(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    mask = np.tril(np.ones((P, P), dtype=bool))
    return mask.copy()


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        seq[i] = Y[i] if i == 0 else seq[i - 1] + Y[i]
    return np.abs(par - seq).max() < 1e-9
