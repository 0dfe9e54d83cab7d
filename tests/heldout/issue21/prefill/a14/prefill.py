import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization should be between 0 and 1")
    secs = 2 * N * P / (flops_per_sec * utilization)
    return round(secs, 2)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=int))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros(Y.shape)
    for i in range(Y.shape[0]):
        seq[i] = Y[: i + 1].sum(axis=0)
    return np.isclose(par, seq)
