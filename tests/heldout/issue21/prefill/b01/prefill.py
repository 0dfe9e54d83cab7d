import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill at the rate the GPU really delivers (peak * utilization)."""
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P: int) -> float:
    """Token i attends to tokens 1..i, so 1 + 2 + ... + P pairs."""
    return P * (P + 1) / 2


def causal_mask(P: int) -> np.ndarray:
    """(P, P) bool mask, True where column <= row."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    """Causal running sum of X @ W, computed in parallel and one position at a time."""
    if X.ndim != 2 or W.ndim != 2 or X.shape[1] != W.shape[0] or W.shape[0] != W.shape[1]:
        return False
    Y = X @ W

    # all positions at once
    parallel = np.cumsum(Y, axis=0)

    # one position at a time
    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
