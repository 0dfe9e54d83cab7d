import numpy as np


def prefill_flops(N, P):
    # parameters and tokens are counts
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be integers")
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sane range
    u = float(np.clip(utilization, 1e-6, 1.0))
    return 2 * N * P / (flops_per_sec * u)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return P * (P + 1) // 2


def causal_mask(P):
    future = np.triu(np.ones((P, P), dtype=bool))
    return ~future


def prefill_matches_sequential(X, W):
    P = X.shape[0]
    X[:] = X @ W          # project the prompt vectors
    parallel = np.cumsum(X, axis=0)
    sequential = np.zeros_like(X)
    for i in range(P):
        sequential[i] = X[: i + 1].sum(axis=0)
    return bool(np.allclose(parallel, sequential))
