import math

import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 of P+1 "gaps" == P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.fromfunction(lambda r, c: c <= r, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)

    seq = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        seq[i] = s

    # relative error, so it does not depend on the size of the numbers
    rel = np.abs(par - seq) / np.abs(par)
    return bool(np.all(rel < 1e-9))
