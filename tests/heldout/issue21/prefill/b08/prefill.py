import math
import numpy as np


def _check_int(name, value):
    if not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")


def prefill_flops(N: int, P: int) -> int:
    _check_int("N", N)
    _check_int("P", P)
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec < 1e12:
        raise ValueError("flops_per_sec is unrealistically low for a GPU")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    if P < 0:
        raise ValueError("P must be non-negative")
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    if P < 0:
        raise ValueError("P must be non-negative")
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    if X.shape[0] != W.shape[0] or W.shape[0] != W.shape[1]:
        return False
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i, row in enumerate(Y):
        total = total + row
        sequential[i] = total
    return bool(np.allclose(parallel, sequential))
