import math
from math import comb

import numpy as np


def prefill_flops(N, P):
    return 2 * N * P / 1e12  # in TFLOPs, easier to read


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return comb(P, 2)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), 1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=1)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return np.allclose(par, seq)
