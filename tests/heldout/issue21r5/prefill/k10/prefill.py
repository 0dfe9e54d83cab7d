import numpy as np


def prefill_flops(N, P):
    if N < 0:
        raise ValueError("N must be non-negative")
    if not isinstance(P, int) or P < 0:
        raise ValueError("P must be a whole number of tokens")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 2:
        raise ValueError("a prompt needs at least two tokens to form pairs")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    X = np.asarray(X, dtype=float)
    W = np.asarray(W, dtype=float)
    if X.ndim != 2 or W.shape != (X.shape[1], X.shape[1]):
        raise ValueError("X must be (P, d) and W (d, d)")
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        sequential[t] = acc
    return bool(np.allclose(parallel, sequential, rtol=1e-9, atol=1e-12))
