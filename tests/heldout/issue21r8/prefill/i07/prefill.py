from __future__ import annotations

import numpy as np


def prefill_flops(N: int, P: int) -> int:
    """2 * N * P FLOPs."""
    return int(2 * N * P)


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not 0 < utilization < 1:
        raise ValueError("utilization must be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> float:
    return P * (P + 1) / 2


def causal_mask(P: int) -> np.ndarray:
    rows = np.arange(P)[:, None]
    cols = np.arange(P)[None, :]
    return cols <= rows


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running += Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
