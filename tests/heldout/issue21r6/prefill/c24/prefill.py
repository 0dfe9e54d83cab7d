import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or not utilization > 0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(causal_mask(P).sum())


def causal_mask(P):
    m = np.ones((P, P), dtype=bool)
    m[np.triu_indices(P, k=1)] = False
    return m


def prefill_matches_sequential(X, W):
    XW = X @ W
    seq = XW  # running sum, one row at a time
    for i in range(1, seq.shape[0]):
        seq[i] += seq[i - 1]
    par = np.cumsum(XW, axis=0)
    return bool(np.allclose(seq, par))
