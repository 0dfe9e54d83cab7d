import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P / 2 * (P + 1)


def causal_mask(P):
    rows = [[c <= r for c in range(P)] for r in range(P)]
    return np.array(rows, dtype=bool).reshape(P, P)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        acc = acc + Y[i]
        seq[i] = acc
    return np.isclose(par, seq)
