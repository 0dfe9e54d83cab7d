"""Prefill: cost model, causal mask, and a parallel-vs-sequential check.

Design notes
------------
* All inputs are validated up front (fail fast).
* The causal mask is precomputed once for the largest prompt we expect and sliced,
  which avoids rebuilding the triangle on every call.
"""
from __future__ import annotations

import math
import numbers
from functools import lru_cache

import numpy as np

__all__ = [
    "prefill_flops",
    "prefill_seconds",
    "causal_pairs",
    "causal_mask",
    "prefill_matches_sequential",
]

_MAX_CONTEXT = 4096
_MASK_CACHE = np.tril(np.ones((_MAX_CONTEXT, _MAX_CONTEXT), dtype=bool))


def _require_count(name: str, value) -> None:
    """Parameters and tokens are counts: they must be real, whole and non-negative."""
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be non-negative, got {value}")
    if int(value) != value:
        raise ValueError(f"{name} must be a whole count, got {value}")


def prefill_flops(N, P):
    _require_count("N", N)
    _require_count("P", P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    # allow for float noise right at the top of the range (e.g. 0.1 * 10)
    if utilization <= 0 or (utilization > 1 and not math.isclose(utilization, 1.0)):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


@lru_cache(maxsize=None)
def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    if P <= _MAX_CONTEXT:
        return _MASK_CACHE[:P, :P].copy()  # copy: callers may mutate
    return _MASK_CACHE.copy()


def prefill_matches_sequential(X, W) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        sequential[t] = acc
    return bool(np.allclose(parallel, sequential, rtol=1e-7, atol=1e-9))
