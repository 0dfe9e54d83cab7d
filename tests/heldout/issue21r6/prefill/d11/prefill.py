import math
import numpy as np


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise ValueError("N and P must be whole numbers")
    if N < 0 or P < 0:
        raise ValueError("N and P must be non-negative")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    if flops_per_sec <= 0:
        raise ValueError("flops_per_sec must be positive")
    t = 2 * N * P / (flops_per_sec * utilization)
    return round(t, 3)


def causal_pairs(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    if P == 0:
        return 0
    # token P sees P tokens, plus all the pairs of the shorter prompt
    return P + causal_pairs(P - 1)


def causal_mask(P):
    if P < 0:
        raise ValueError("P must be non-negative")
    return [[col <= row for col in range(P)] for row in range(P)]


def prefill_matches_sequential(X, W):
    if X.ndim != 2 or W.ndim != 2:
        raise ValueError("X and W must be 2-D")
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        seq[i] = Y[i] if i == 0 else seq[i - 1] + Y[i]
    return np.isclose(par, seq)
