import math
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(flops_per_sec, int) or flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be a positive integer rate")
    if not math.isfinite(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # T(P) = T(P-1) + P, T(0) = 0
    if P <= 0:
        return 0
    return causal_pairs(P - 1) + P


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        seq[i] = acc       # state before adding token i
        acc = acc + Y[i]
    return bool(np.allclose(par, seq))
