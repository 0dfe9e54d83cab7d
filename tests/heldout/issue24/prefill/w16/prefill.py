import numpy as np


def prefill_flops(N, P):
    return round(2 * N * P, 2)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return round(seconds, 2)


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    # uint8 takes the same memory as bool and prints nicer
    return np.tril(np.ones((P, P), dtype=np.uint8))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros(Y.shape, dtype=int)
    for i in range(Y.shape[0]):
        if i == 0:
            seq[i] = Y[i]
        else:
            seq[i] = seq[i - 1] + Y[i]
    return np.allclose(par, seq)
