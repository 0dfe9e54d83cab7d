import math

import numpy as np

TOL = 1e-9


def prefill_flops(N, P):
    """2 FLOPs (multiply + add) per parameter per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Time at the delivered rate flops_per_sec * utilization."""
    if isinstance(utilization, float) and math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Token i (1-based) pairs with tokens 1..i, so 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True where the row token may attend to the column token."""
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    """Parallel cumsum of X @ W vs. a loop that adds one prompt vector at a time."""
    parallel = np.cumsum(X @ W, axis=0)
    running_x = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running_x = running_x + X[i]
        step = running_x @ W
        if np.max(np.abs(step - parallel[i])) > TOL:
            return False
    return True
