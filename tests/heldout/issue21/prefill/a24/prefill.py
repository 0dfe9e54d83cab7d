import math

import numpy as np


def prefill_flops(N, P):
    N = np.int32(N)      # parameter and token counts are integers
    P = np.int32(P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    EPS = 1e-6           # float tolerance on the upper bound
    if math.isnan(utilization) or utilization <= 0 or utilization > 1 + EPS:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return ~np.triu(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X * W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
