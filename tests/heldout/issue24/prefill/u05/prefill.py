from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def prefill_flops(N: float, P: float) -> float:
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if utilization != utilization:  # NaN check
        raise ValueError("utilization is NaN")
    if not 0.0 < utilization < 1.0:
        raise ValueError("utilization must be a fraction between 0 and 1")
    effective_rate = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate


def causal_pairs(P: int) -> int:
    total = 0
    for i in range(1, P + 1):
        total += i  # token i sees tokens 1..i
    return total


def causal_mask(P: int) -> NDArray[np.bool_]:
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X: NDArray[np.float64], W: NDArray[np.float64]) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    running = np.zeros_like(Y[0])
    for pos in range(Y.shape[0]):
        running = running + Y[pos]
        sequential[pos] = running
    return bool(np.allclose(parallel, sequential, rtol=1e-9, atol=1e-12))
