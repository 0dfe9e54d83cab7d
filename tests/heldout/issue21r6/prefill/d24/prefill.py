import numpy as np


def prefill_flops(N, P):
    return 2 * N * (P + 1)  # + the BOS token at the start


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = min(max(utilization, 1e-9), 1.0)  # keep it in a sane range
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    """1 + 2 + ... + P"""
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tri(P, dtype=bool).T


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y, axis=0)
    slow = np.zeros_like(Y)
    slow[0] = Y[0]
    slow[1] = Y[0] + Y[1]
    for i in range(2, len(Y)):
        slow[i] = slow[i - 1] + Y[i]
    return bool(np.allclose(fast, slow))
