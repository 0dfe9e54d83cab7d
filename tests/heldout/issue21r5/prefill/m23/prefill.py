import numpy as np


def prefill_flops(N, P):
    """Rough prefill FLOPs."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the given utilisation of the peak."""
    if utilization > 1.0 or utilization <= 0.0:
        raise ValueError("utilization out of (0, 1]")
    achieved = flops_per_sec * utilization
    return prefill_flops(N, P) / achieved


def causal_pairs(P):
    """Lower triangle including the diagonal."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True at (row, col) if col <= row."""
    m = np.ones((P, P), dtype=bool)
    m[np.triu_indices(P, k=1)] = False
    return m


def prefill_matches_sequential(X, W):
    """Parallel cumsum vs. a loop."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    return bool(np.allclose(parallel, sequential))
