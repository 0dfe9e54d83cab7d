"""Lesson 2 (prefill) exercises."""
import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill at the delivered rate (peak * utilization)."""
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    """Number of (token, earlier-or-same token) pairs: 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    """(P, P) boolean mask, True where column <= row."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    """Parallel (cumsum) vs sequential (loop) causal running sum of X @ W."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    # sequential: one position at a time
    running = Y[0]
    sequential = [running]
    for t in range(1, Y.shape[0]):
        running += Y[t]
        sequential.append(running)
    sequential = np.stack(sequential)

    return bool(np.allclose(parallel, sequential))
