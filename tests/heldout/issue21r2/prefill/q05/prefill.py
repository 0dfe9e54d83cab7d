from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def prefill_flops(N: float, P: float) -> float:
    return 2.0 * N * P


def prefill_seconds(N: float, P: float, flops_per_sec: float, utilization: float = 1.0) -> float:
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    effective_rate: float = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate


def causal_pairs(P: int) -> float:
    return P * (P + 1) / 2


def causal_mask(P: int) -> NDArray[np.bool_]:
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X: NDArray[np.float64], W: NDArray[np.float64]) -> bool:
    Y: NDArray[np.float64] = X @ W
    all_at_once = np.cumsum(Y, axis=0)

    rows: list[NDArray[np.float64]] = []
    acc = np.zeros(Y.shape[1])
    for y in Y:
        acc = acc + y
        rows.append(acc)
    one_at_a_time = np.stack(rows)

    return bool(np.allclose(all_at_once, one_at_a_time))
