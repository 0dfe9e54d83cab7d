import math

import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the rate the GPU actually delivers (peak * utilization)."""
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P):
    """Number of (token, earlier-or-same token) pairs: 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P):
    """(P, P) bool mask, True where column <= row (lower triangle incl. diagonal)."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    """Parallel (cumsum) vs sequential (loop) causal running sum of X @ W."""
    Y = X @ W                      # new array, X and W untouched
    parallel = np.cumsum(Y, axis=0)

    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        running = running + Y[t]
        sequential[t] = running

    return bool(np.allclose(parallel, sequential))
