import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    """Seconds of prefill at the effective rate flops_per_sec * utilization."""
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    effective_rate = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate


def causal_pairs(P: int) -> int:
    """Number of (token, earlier-or-same token) pairs: 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    """(P, P) boolean mask, True where column <= row."""
    return np.tri(P, P, dtype=bool)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    """Causal running sum of X @ W, all at once vs. one position at a time."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
