from functools import lru_cache

import numpy as np


def prefill_flops(N: float, P: float) -> float:
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not (0.0 < utilization < 1.0):
        raise ValueError("utilization must be a fraction between 0 and 1")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P: int) -> int:
    return (P * (P + 1)) // 2


@lru_cache(maxsize=None)
def causal_mask(P: int) -> np.ndarray:
    # the same P gets asked for again and again, so cache it
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    XW = X @ W
    parallel = np.cumsum(XW, axis=0)
    rows = []
    running = np.zeros(XW.shape[1], dtype=XW.dtype)
    for row in XW:
        running = running + row
        rows.append(running)
    sequential = np.array(rows).reshape(XW.shape)
    return bool(np.allclose(parallel, sequential))
