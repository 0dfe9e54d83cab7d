import numpy as np


def prefill_flops(N: int, P: int) -> int:
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be whole numbers")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be a float in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    # P-th token adds P pairs on top of the first P-1 tokens
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P: int) -> np.ndarray:
    mask = np.array([], dtype=bool)
    for i in range(P):
        for j in range(P):
            mask = np.append(mask, j <= i)
    return mask.reshape(P, P)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.stack([X[: t + 1].sum(axis=0) @ W for t in range(X.shape[0])])
    return np.array_equal(parallel, sequential)
