import math

import numpy as np


def _check_count(name, value):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer, float)):
        raise ValueError(f"{name} must be a number")
    if int(value) != value or value < 0:
        raise ValueError(f"{name} must be a non-negative whole number")


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be integers")
    if N <= 0 or P < 0:
        raise ValueError("N must be positive and P non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    if math.isnan(utilization) or utilization < 0.01 or utilization > 1:
        # below 1 % the GPU is basically idle, that can't be right
        raise ValueError("utilization must be between 0.01 and 1")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    _check_count("P", P)
    return P * (P + 1) // 2


def causal_mask(P):
    _check_count("P", P)
    P = int(P)
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    X = np.asarray(X)
    W = np.asarray(W)
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    if W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("W must be (d, d)")
    if X.shape[0] < 2:
        raise ValueError("need at least two prompt tokens to compare")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    sequential[0] = Y[0]
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    return bool(np.allclose(parallel, sequential))
