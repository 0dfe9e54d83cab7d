import numpy as np


def prefill_flops(N, P):
    # 2 * N * P, vectorised
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = np.float64(utilization)
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # count the allowed cells of the mask directly
    return int(np.tri(P, dtype=bool).sum())


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    XW = X @ W
    par = XW.cumsum(axis=0)
    seq = np.zeros_like(XW)
    acc = np.zeros(XW.shape[1], dtype=XW.dtype)
    for t in range(XW.shape[0]):
        acc += XW[t]
        seq[t] = acc
    return np.allclose(par, seq)
