from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray


def prefill_flops(N: int, P: int) -> int:
    # 2 * N * P, doubling with a shift
    return (N * P) << 1


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if math.isnan(utilization) or not 0.0 < utilization <= 1.0:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    # token P sees P tokens, plus all the pairs of the first P - 1 tokens
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P: int) -> NDArray[np.bool_]:
    rows, cols = np.indices((P, P))
    return cols <= rows


def prefill_matches_sequential(X: NDArray[np.float64], W: NDArray[np.float64]) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i, row in enumerate(Y):
        total = total + row
        sequential[i] = total
    return np.isclose(parallel, sequential)
