import math
import numbers

import numpy as np


def _check_count(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative")


def prefill_flops(N, P):
    _check_count("N", N)
    _check_count("P", P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return 2 * N * P / (flops_per_sec * utilization)


MAX_CONTEXT = 100_000


def causal_pairs(P):
    _check_count("P", P)
    if P > MAX_CONTEXT:
        raise ValueError(f"prompt longer than the context window ({MAX_CONTEXT})")
    return P * (P + 1) // 2


def causal_mask(P):
    _check_count("P", P)
    return ~np.triu(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    X = np.asarray(X, dtype=float)
    W = np.asarray(W, dtype=float)
    if X.ndim != 2 or W.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("X must be (P, d) and W (d, d)")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total += Y[i]
        sequential[i] = total
    return bool(np.allclose(parallel, sequential, rtol=1e-9, atol=1e-12))
