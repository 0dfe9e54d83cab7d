# what: correct answers as numpy scalars: int64, float64, bool_
# category: benign
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import numpy as np


def prefill_flops(N, P):
    return np.float64(2) * np.float64(N) * np.float64(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return np.float64(prefill_flops(N, P) / (flops_per_sec * utilization))


def causal_pairs(P):
    return np.int64(P) * np.int64(P + 1) // np.int64(2)


def prefill_matches_sequential(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))]))
