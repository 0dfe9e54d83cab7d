import math
import numpy as np


def prefill_flops(N, P):
    return math.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be between 0 (excluded) and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 positions with repetition allowed = C(P+1, 2)
    return math.comb(int(P) + 1, 2)


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y)
    one_by_one = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total = total + Y[i]
        one_by_one[i] = total
    return np.allclose(all_at_once, one_by_one)
