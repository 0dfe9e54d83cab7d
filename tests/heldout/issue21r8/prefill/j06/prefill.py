from __future__ import annotations

import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not (0 <= utilization <= 1):
        raise ValueError("utilization must be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    # choose 2 out of P+1 "gaps" == P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P: int) -> np.ndarray:
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i, row in enumerate(Y):
        running = running + row
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
