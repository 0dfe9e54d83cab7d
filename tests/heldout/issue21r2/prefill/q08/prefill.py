import numpy as np


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be whole numbers")
    if N <= 0 or P <= 0:
        raise ValueError("N and P must be positive")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    if not isinstance(P, (int, np.integer)) or P < 2:
        raise ValueError("need a prompt of at least 2 tokens")
    return P * (P + 1) // 2


def causal_mask(P):
    if P > 512:
        raise ValueError("prompt longer than the 512-token context")
    if P < 1:
        raise ValueError("P must be at least 1")
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    X = np.asarray(X)
    W = np.asarray(W)
    if X.ndim != 2:
        raise ValueError("X must be (P, d)")
    d = X.shape[1]
    if W.shape != (d, d):
        raise ValueError("W must be (d, d)")

    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(d)
    for i in range(X.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
