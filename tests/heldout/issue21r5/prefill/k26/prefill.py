import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Prefill time in ms."""
    if np.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 1000 * prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    pairs = P * (P + 1)
    return pairs // 2


def causal_mask(P):
    pass


def prefill_matches_sequential(X, W):
    projected = X @ W
    fast = projected.cumsum(axis=0)
    slow = np.array(projected, copy=True)
    for i in range(1, slow.shape[0]):
        slow[i] += slow[i - 1]
    return np.allclose(fast, slow)
