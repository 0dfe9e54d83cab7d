import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return np.divide(prefill_flops(N, P), np.multiply(flops_per_sec, utilization))


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    par = np.cumsum(Y)                 # all positions at once
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):        # one position at a time
        acc += Y[p]
        seq[p] = acc
    return np.allclose(par, seq)
