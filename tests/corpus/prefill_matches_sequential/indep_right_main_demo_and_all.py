# right: a whole module with __all__, type hints, docstrings and a __main__ demo that prints the lesson's numbers
# base: none
"""Prefill cost model and causal mask (E1.2 lesson 2)."""
from __future__ import annotations

import numpy as np

__all__ = ["prefill_flops", "prefill_seconds", "causal_pairs", "causal_mask", "prefill_matches_sequential"]


def prefill_flops(N: float, P: int) -> float:
    """Rough prefill FLOPs: 2 * N * P."""
    return 2 * N * P


def prefill_seconds(N: float, P: int, flops_per_sec: float, utilization: float = 1.0) -> float:
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P: int) -> int:
    return P * (P + 1) // 2


def causal_mask(P: int) -> np.ndarray:
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X: np.ndarray, W: np.ndarray) -> bool:
    Y = X @ W
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i, row in enumerate(Y):
        acc = acc + row
        seq[i] = acc
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))


if __name__ == "__main__":
    print(f"{prefill_flops(7e9, 1000):.2e} FLOPs")
    print(f"{prefill_seconds(7e9, 1000, 1e14, 0.5):.2f} s")
    print(causal_pairs(4), causal_pairs(5))
    print(causal_mask(5).astype(int))
    rng = np.random.default_rng(0)
    print(prefill_matches_sequential(rng.normal(size=(6, 4)), rng.normal(size=(4, 4))))
