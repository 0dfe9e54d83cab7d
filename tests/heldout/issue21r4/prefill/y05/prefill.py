import numpy as np


def _check_nonneg(name, x):
    if x < 0:
        raise ValueError(f"{name} must be >= 0, got {x}")


def prefill_flops(N, P):
    _check_nonneg("N", N)
    _check_nonneg("P", P)
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # zero would divide by zero, above 1 is impossible, NaN is never equal to itself
    if utilization == 0 or utilization > 1 or utilization != utilization:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    _check_nonneg("P", P)
    return (P * P + P) / 2


def causal_mask(P):
    _check_nonneg("P", P)
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("X must be (P, d) and W (d, d)")
    Y = X @ W
    fast = Y.cumsum(axis=0)
    slow = np.zeros_like(Y)
    for p in range(Y.shape[0]):
        slow[p] = Y[p] if p == 0 else slow[p - 1] + Y[p]
    return bool(np.all(np.isclose(fast, slow)))
