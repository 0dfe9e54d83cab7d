import numpy as np


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise TypeError("N and P must be integers (parameter count, token count)")
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float like 0.5")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return (2 * N * P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    rows = []
    acc = np.zeros_like(Y[0])
    for y in Y:
        acc = acc + y
        rows.append(acc)
    sequential = np.vstack(rows)
    return np.allclose(parallel, sequential)
