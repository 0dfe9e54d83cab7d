import numpy as np
from numpy.typing import NDArray


def prefill_flops(N: int, P: int) -> int:
    return int(2 * N * P)


def prefill_seconds(N: int, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not isinstance(utilization, float):
        raise TypeError("utilization must be a float")
    if not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    return P * (P + 1) // 2


def causal_mask(P: int) -> NDArray[np.bool_]:
    rows = np.arange(P)[:, None]
    cols = np.arange(P)[None, :]
    return cols <= rows


def prefill_matches_sequential(X: NDArray[np.float64], W: NDArray[np.float64]) -> bool:
    Y: NDArray[np.float64] = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1], dtype=Y.dtype)
    for pos in range(Y.shape[0]):
        total = total + Y[pos]
        sequential[pos] = total
    return bool(np.allclose(parallel, sequential))
