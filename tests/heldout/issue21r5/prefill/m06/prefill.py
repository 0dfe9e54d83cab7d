from __future__ import annotations

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    if P < 0:
        raise ValueError("P must be non-negative")
    if P == 1:
        return 0  # a single token has nothing to attend to
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    if X.shape[0] != W.shape[0]:
        raise ValueError("shapes of X and W do not match")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total = total + Y[i]
        sequential[i] = total
    return bool(np.allclose(parallel, sequential))
