import math
import numbers

import numpy as np


def _check_real(name, value):
    """Reject things that are not real numbers, and negative values."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")


def prefill_flops(N, P):
    _check_real("N", N)
    _check_real("P", P)
    if not isinstance(P, numbers.Integral):
        raise ValueError("P is a number of tokens, so it must be a whole number")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    _check_real("flops_per_sec", flops_per_sec)
    if flops_per_sec == 0:
        raise ValueError("flops_per_sec must be > 0")
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float in (0, 1]")
    if math.isnan(utilization) or not (0.0 < utilization <= 1.0):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be >= 0")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be >= 0")
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    X = np.asarray(X, dtype=float)
    W = np.asarray(W, dtype=float)
    if X.ndim != 2:
        raise ValueError("X must be 2-D (P, d)")
    d = X.shape[1]
    if W.shape != (d, d):
        raise ValueError(f"W must be ({d}, {d}), got {W.shape}")

    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    total = np.zeros(d)
    for i in range(Y.shape[0]):
        total = total + Y[i]
        sequential[i] = total

    return bool(np.allclose(parallel, sequential))
