"""Prefill cost model, causal mask, parallel vs. sequential check."""
import numpy as np


def prefill_flops(N, P):
    # 2 FLOPs (multiply + add) per parameter per prompt token
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if not (u > 0.0 and u <= 1.0):  # False for NaN as well
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    return np.float64(P) * (P + 1) / 2


def causal_mask(P):
    return np.tri(P, P, 0, dtype=bool)


def prefill_matches_sequential(X, W):
    X = np.asarray(X)
    W = np.asarray(W)
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        return False
    Y = X @ W
    parallel = Y.cumsum(axis=0)
    sequential = np.zeros_like(Y)
    state = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        state = state + Y[t]
        sequential[t] = state
    return bool(np.allclose(parallel, sequential, rtol=1e-7, atol=1e-9))
