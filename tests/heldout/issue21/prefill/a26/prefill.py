import numpy as np


def prefill_flops(N: float, P: float) -> float:
    return 2 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not (0 < utilization <= 1):
        raise TypeError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_mask(P: int) -> np.ndarray:
    return np.tril(np.ones((P, P), dtype=bool))


def causal_pairs(P: int) -> int:
    # count the allowed cells of the mask
    return int(causal_mask(P).sum())


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(X.shape[0]):
        sequential[i] = X[: i + 1].sum(axis=0) @ W
    return bool(np.max(np.abs(parallel - sequential), initial=0.0) < 1e-9)
