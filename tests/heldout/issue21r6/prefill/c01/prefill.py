import math

import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: each parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # 1 + 2 + ... + P
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    XW = X @ W
    parallel = np.cumsum(XW, axis=0)
    sequential = np.zeros_like(XW)
    running = np.zeros(XW.shape[1], dtype=XW.dtype)
    for i in range(XW.shape[0]):
        running = running + XW[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
