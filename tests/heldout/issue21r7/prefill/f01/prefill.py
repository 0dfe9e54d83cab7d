import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: one multiply and one add per parameter per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the rate the GPU actually delivers (peak * utilization)."""
    # written as "not (...)" on purpose: every comparison with NaN is False,
    # so NaN ends up in the error branch too
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Pairs (i, j) with 1 <= j <= i <= P: 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P):
    """(P, P) bool array, True where column <= row."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W: all positions at once vs one at a time."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
