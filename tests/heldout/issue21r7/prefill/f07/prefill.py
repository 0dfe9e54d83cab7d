import numpy as np
from numpy.typing import NDArray


def prefill_flops(N: int, P: int) -> int:
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be integers")
    return 2 * N * P


def prefill_seconds(N: int, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not isinstance(utilization, float) or not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    return (P * P + P) // 2


def causal_mask(P: int) -> NDArray[np.bool_]:
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X: NDArray[np.float64], W: NDArray[np.float64]) -> bool:
    Y = X @ W
    fast = np.cumsum(Y)
    slow = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):
        acc += Y[p]
        slow[p] = acc
    return bool(np.allclose(fast, slow))
