"""Prefill cost model, causal mask and a parallel-vs-sequential check.

Lesson E1.2 / 2.
"""
import numpy as np


def prefill_flops(N, P):
    """Return the approximate number of floating-point operations for prefill.

    Args:
        N: number of model parameters.
        P: number of prompt tokens.

    Returns:
        2 * N * P (one multiply and one add per parameter per token).
    """
    return 2.0 * float(N) * float(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Return the estimated prefill time in seconds.

    Args:
        N: number of model parameters.
        P: number of prompt tokens.
        flops_per_sec: peak throughput of the hardware.
        utilization: fraction of the peak that is achieved, in (0, 1].
    """
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Return the number of (token, earlier-or-same token) pairs."""
    return P * (P + 1) // 2


def causal_mask(P):
    """Return a (P, P) boolean lower-triangular mask (column <= row)."""
    upper = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~upper


def prefill_matches_sequential(X, W):
    """Check that the parallel (cumsum) and sequential computations agree."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running_sum = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        running_sum = running_sum + Y[t]
        sequential[t] = running_sum
    return np.isclose(parallel, sequential)
