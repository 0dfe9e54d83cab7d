import math
import numbers

import numpy as np


def _check_count(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value!r}")


def prefill_flops(N, P):
    """2 * N * P FLOPs (one multiply + one add per parameter per token)."""
    _check_count("N", N)
    _check_count("P", P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at flops_per_sec * utilization effective FLOP/s."""
    if isinstance(utilization, bool) or not isinstance(utilization, numbers.Real):
        raise ValueError("utilization must be a number")
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    """Number of (token, earlier-or-same token) pairs: P(P+1)/2."""
    if P < 0 or P != int(P):
        raise ValueError(f"P must be a whole number >= 0, got {P!r}")
    P = int(P)
    return P * (P + 1) // 2


def causal_mask(P):
    """(P, P) bool, True where column <= row."""
    if P < 0:
        raise ValueError("P must be >= 0")
    P = int(P)
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, all at once vs one position at a time."""
    X = np.asarray(X)
    W = np.asarray(W)
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("X must be (P, d) and W (d, d)")
    XW = X @ W
    together = np.cumsum(XW, axis=0)
    step = np.empty_like(XW)
    acc = np.zeros(XW.shape[1], dtype=XW.dtype)
    for t in range(XW.shape[0]):
        acc = acc + XW[t]
        step[t] = acc
    return bool(np.allclose(together, step, rtol=1e-7, atol=1e-9))
