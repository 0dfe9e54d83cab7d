import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    return flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # allow the utilization as a percentage too (50 -> 0.5)
    if utilization > 1:
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 2:
        return 0  # you need at least two tokens to make a pair
    return P * (P + 1) / 2


def causal_mask(P):
    # k=1 so the diagonal is included
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    # normalise the prompt vectors first so the sums don't blow up
    X /= np.linalg.norm(X, axis=1, keepdims=True) + 1e-12
    XW = X @ W
    par = np.cumsum(XW, axis=0)
    seq = np.zeros_like(XW)
    cur = np.zeros(XW.shape[1], dtype=XW.dtype)
    for i in range(XW.shape[0]):
        cur = cur + XW[i]
        seq[i] = cur
    return bool(np.allclose(par, seq))
