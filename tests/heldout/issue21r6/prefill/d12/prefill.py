import math

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if math.isnan(utilization) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    P = int(P)
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    mask = np.zeros((P, P), dtype=bool)
    mask[np.tril_indices(P)] = True
    return mask


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape, dtype=np.float32)  # float32 is enough, saves memory
    acc = np.zeros(Y.shape[1], dtype=np.float32)
    for i in range(Y.shape[0]):
        acc += Y[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential, rtol=1e-12, atol=1e-12))
