import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    return P * (P + 1) / 2.0


def causal_mask(P):
    i = np.arange(P)
    return i[:, None] >= i[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y)  # running sum over the positions
    slow = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc += Y[t]
        slow[t] = acc
    return bool(np.allclose(fast, slow))
