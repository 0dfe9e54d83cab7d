import numpy as np


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be integers (parameter and token counts)")
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X, W):
    X = np.asarray(X, dtype=float)
    W = np.asarray(W, dtype=float)
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    if X.shape != W.shape:
        raise ValueError("X and W must have the same shape")
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
