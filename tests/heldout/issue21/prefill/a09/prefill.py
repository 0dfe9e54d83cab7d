import math

import numpy as np


def prefill_flops(N, P):
    N = float(N)
    P = float(P)
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization is None or math.isnan(utilization):
        raise ValueError("utilization must be a number")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be >= 0")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be >= 0")
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    X = np.asarray(X)
    W = np.asarray(W)
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    if X.shape != W.shape:
        raise ValueError("X and W must have the same shape (d, d)")
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(np.allclose(par, seq))
