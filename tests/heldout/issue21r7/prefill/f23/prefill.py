import numpy as np


def prefill_flops(N, P):
    return 2 * N * P / 1e9  # in GFLOPs, easier to read


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not 0 < utilization <= 1 or utilization != utilization:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    n = 0
    for i in range(P):
        n += i
    return n


def causal_mask(P):
    pos = np.arange(P)
    return np.greater_equal.outer(pos, pos)


def prefill_matches_sequential(X, W):
    W /= np.linalg.norm(W)  # keep the numbers small
    Y = X @ W
    batch = np.cumsum(Y, axis=0)
    step = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        step[i] = acc
    return np.allclose(batch, step)
