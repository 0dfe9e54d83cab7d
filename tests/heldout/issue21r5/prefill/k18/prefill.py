from __future__ import annotations

import math

import numpy as np

LONG_PROMPT = 1000  # above this the P^2/2 term dominates


def prefill_flops(N: float, P: float) -> float:
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    u = float(utilization)
    if math.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P: int) -> float:
    if P > LONG_PROMPT:
        # large prompts: the triangle is about half the square
        return P * P / 2
    return P * (P + 1) / 2


def causal_mask(P: int) -> np.ndarray:
    idx = np.arange(P + 1)
    return idx[None, :] <= idx[:, None]


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for pos in range(Y.shape[0]):
        acc = acc + Y[pos]
        sequential[pos] = acc
    return bool(np.allclose(parallel, sequential))
