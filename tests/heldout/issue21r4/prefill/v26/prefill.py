import math
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if isinstance(utilization, (float, np.floating)) and math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # tokens are counted 0..P
    return (P + 1) * (P + 2) // 2


def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    XW = X @ W
    parallel = np.cumsum(XW, axis=0)
    sequential = np.zeros_like(XW)
    for i in range(XW.shape[0]):
        sequential[i] = XW[i] if i == 0 else sequential[i - 1] + XW[i]
    return bool(np.allclose(parallel, sequential))
