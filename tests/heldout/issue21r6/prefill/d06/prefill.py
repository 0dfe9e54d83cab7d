from __future__ import annotations

import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    """2 * N * P FLOPs: one multiply-add per parameter per prompt token."""
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Prefill time at an effective rate of flops_per_sec * utilization."""
    if math.isnan(utilization) or utilization <= 0.0 or utilization > 1.0:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    """Number of (i, j) with 1 <= j <= i <= P, i.e. C(P + 1, 2)."""
    return math.comb(P + 1, 2)


def causal_mask(P: int) -> np.ndarray:
    """Lower-triangular boolean mask, diagonal included."""
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    """Parallel (cumsum) vs sequential (loop) causal running sum of X @ W."""
    Y = np.einsum("pd,de->pe", X, W)
    parallel = np.cumsum(Y, axis=0)

    sequential = np.zeros_like(Y)
    state = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t, y in enumerate(Y):
        state = state + y
        sequential[t] = state

    return bool(np.allclose(parallel, sequential, rtol=1e-9, atol=1e-12))
