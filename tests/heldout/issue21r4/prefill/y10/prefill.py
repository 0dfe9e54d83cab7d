import numpy as np


def prefill_flops(N, P):
    # times two is a shift left
    return (N * P) << 1


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / flops_per_sec / utilization


def causal_pairs(P):
    return (P * P) >> 1


def causal_mask(P):
    return np.tri(P, P, 0, dtype=np.bool_)


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y)
    slow = np.zeros(Y.shape)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        slow[i] = acc
    return np.allclose(fast.reshape(Y.shape), slow)
