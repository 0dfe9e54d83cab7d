"""Lesson 2 - prefill. Functions for the cost model and the causal mask."""
import numpy as np


def prefill_flops(N, P):
    """2*N*P, reported to 3 significant figures like the lesson (1.40e+13)."""
    return float(f"{2 * N * P:.3g}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the given utilization."""
    if not (0 < utilization < 1):
        raise ValueError("utilization must be a fraction between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """1 + 2 + ... + P."""
    return (P**2 + P) / 2


def causal_mask(P):
    """Lower-triangular boolean mask (row = query, column = key)."""
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    """Parallel (cumsum) vs sequential (token by token) causal running sum."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.zeros_like(Y)
    for i in range(X.shape[0]):
        # running sum of the prompt so far, projected once
        sequential[i] = X[: i + 1].sum(axis=0) @ W

    # the two must be exactly the same computation
    return np.array_equal(parallel, sequential)
