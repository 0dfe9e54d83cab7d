"""Lesson 2 (prefill): cost model, causal mask, parallel vs sequential check."""
from __future__ import annotations

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    """Return the rough prefill cost 2 * N * P in FLOPs.

    Every parameter takes part in one multiply and one add per prompt token.
    """
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Return prefill time in seconds at the delivered rate flops_per_sec * utilization."""
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> float:
    """Return P(P+1)/2, the number of allowed (token, earlier-or-same token) pairs."""
    return P * (P + 1) / 2


def causal_mask(P: int) -> np.ndarray:
    """Return the (P, P) causal mask: True where a token may attend."""
    return np.tril(np.ones((P, P), dtype=np.bool_), k=-1)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    """Compare the cumsum of X @ W with a position-by-position running sum."""
    XW = X @ W  # a new array, X and W stay untouched
    parallel = np.cumsum(XW, axis=0)
    sequential = np.empty_like(XW)
    running = np.zeros(XW.shape[1], dtype=XW.dtype)
    for p in range(XW.shape[0]):
        running += XW[p]
        sequential[p] = running
    return bool(np.array_equal(parallel, sequential) or np.allclose(parallel, sequential))
