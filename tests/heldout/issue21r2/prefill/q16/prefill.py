import itertools

import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0.0:
        raise ValueError("utilization must be positive")
    elif utilization > 1.0:
        raise ValueError("utilization cannot exceed 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def _triangular(n):
    return n * (n + 1) // 2


def causal_pairs(P):
    return _triangular(P)


def causal_mask(P):
    return np.array([[c <= r for c in range(P)] for r in range(P)], dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array(list(itertools.accumulate(Y)))
    return bool(np.allclose(parallel, sequential))
