import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if not np.isfinite(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    return np.float64(P) * (P + 1) / 2


def causal_mask(P):
    rows = np.arange(P)[:, None]
    cols = np.arange(P)[None, :]
    return rows >= cols


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)

    n, d = X.shape[0], W.shape[1]
    seq = np.empty((n, d))
    acc = np.zeros(d)
    for t in range(n):
        acc += Y[t]
        seq[t] = acc

    return np.array_equal(par, seq)
