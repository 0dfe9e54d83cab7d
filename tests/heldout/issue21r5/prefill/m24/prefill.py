import numpy as np


def prefill_flops(N, P):
    # in TFLOPs (the numbers are huge otherwise)
    return 2 * N * P / 1e12


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    total = 2 * N * P
    return total / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(np.tri(P).sum())


def causal_mask(P):
    i = np.arange(P)
    return np.less_equal.outer(i, i)


def prefill_matches_sequential(X, W):
    Y = X @ W
    c = np.cumsum(Y, axis=0)
    s = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for k, row in enumerate(Y):
        acc = acc + row
        s[k] = acc
    return np.allclose(c, s)
