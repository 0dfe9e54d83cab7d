import math

import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if math.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    # choosing 2 of the P+1 "gaps" is the same as 1 + 2 + ... + P
    return math.comb(P + 1, 2)


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    for i in range(P):
        m[i, : i + 1] = True
    return m


def prefill_matches_sequential(X, W):
    XW = X @ W
    all_at_once = np.cumsum(XW, axis=0)
    P = XW.shape[0]
    if P == 0:
        return True
    running = XW[0]
    one_by_one = [running]
    for i in range(1, P):
        running += XW[i]
        one_by_one.append(running)
    return bool(np.allclose(all_at_once, np.array(one_by_one)))
