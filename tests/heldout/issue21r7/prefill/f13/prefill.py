import math

import numpy as np


def prefill_flops(N, P):
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization < 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    if P > 100_000:
        raise ValueError("prompt is longer than any context window")
    return P * (P + 1) // 2


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    Y = X @ W

    # one position at a time
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run

    # all at once; cumsum is linear so cumsum(X) @ W == cumsum(X @ W), and out=X saves a copy
    par = np.cumsum(X, axis=0, out=X) @ W
    return bool(np.allclose(par, seq))
