import numpy as np


def prefill_flops(N, P):
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sane range
    u = np.clip(utilization, 1e-9, 1.0)
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    P = np.float64(P)
    return P * (P + 1) / 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        seq[t] = acc
    return np.allclose(par, seq)
