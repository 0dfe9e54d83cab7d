import math

import numpy as np


def prefill_flops(N: int, P: int) -> int:
    """2 * N * P FLOPs. N (parameters) and P (tokens) are counts."""
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be whole numbers")
    return 2 * N * P


def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill at flops_per_sec * utilization."""
    if not (0.0 < utilization < 1.0):
        raise ValueError("utilization must be a fraction between 0 and 1")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    """Pairs (i, j) with j <= i: choose 2 out of P + 1 'gaps'."""
    return math.comb(P + 1, 2)


def causal_mask(P: int) -> np.ndarray:
    rows = np.arange(P)[:, None]
    cols = np.arange(P)[None, :]
    return cols <= rows


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        return False
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    step = np.zeros_like(Y)
    total = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i, row in enumerate(Y):
        total = total + row
        step[i] = total
    return bool(np.allclose(at_once, step))
