import math

import numpy as np


def _check_count(name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0")


def prefill_flops(N, P):
    """2*N*P floating point operations."""
    _check_count("N", N)
    _check_count("P", P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill. utilization is a fraction in (0, 1]."""
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float between 0 and 1")
    if math.isnan(utilization) or utilization <= 0.0 or utilization > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return (2 * N * P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Token i sees i tokens (1..i), so the total is P(P+1)/2."""
    if P < 0:
        raise ValueError("P must be >= 0")
    return P * (P + 1) // 2


def causal_mask(P):
    """True where column <= row."""
    mask = np.ones((P, P), dtype=bool)
    upper = np.triu_indices(P, k=1)
    mask[upper] = False
    return mask


def prefill_matches_sequential(X, W):
    """Parallel cumsum vs a python loop over positions."""
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        if i == 0:
            sequential[i] = Y[i]
        else:
            sequential[i] = sequential[i - 1] + Y[i]
    return bool(np.allclose(parallel, sequential, rtol=1e-9, atol=1e-12))
