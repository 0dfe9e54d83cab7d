import numpy as np


def prefill_flops(N: float, P: float) -> float:
    return float(2 * N * P)


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    # people often give utilisation as a percentage (50 meaning 50 %)
    if utilization > 1:
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    # for long prompts the +P term is negligible: P(P+1)/2 ~ P^2/2
    if P > 100:
        return P ** 2 // 2
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    return np.tri(P, P, dtype=bool)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = W @ X
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        sequential[t] = acc
    return bool(np.allclose(parallel, sequential))
