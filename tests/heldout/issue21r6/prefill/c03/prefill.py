import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = np.float64(utilization)
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (np.float64(flops_per_sec) * utilization)


def causal_pairs(P):
    P = np.float64(P)
    return P * (P + 1) / 2


def causal_mask(P):
    return np.tri(P, P, dtype=bool)


def prefill_matches_sequential(X, W):
    XW = np.matmul(X, W)
    par = np.cumsum(XW, axis=0)
    seq = np.empty_like(XW)
    acc = np.zeros_like(XW[0:1])
    for t in range(XW.shape[0]):
        acc = acc + XW[t:t + 1]
        seq[t] = acc[0]
    return np.isclose(par, seq)
