import math

import numpy as np


def prefill_flops(N, P):
    # a FLOP count is a count, so keep it a whole number
    return int(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    total = 2 * N * P
    return total / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 out of P+1 tokens = P(P+1)/2  (P is a token count, so an int)
    return math.comb(int(P) + 1, 2)


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True   # row i may look at columns 0..i
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)

    one_by_one = []
    total = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        total = total + Y[i]
        one_by_one.append(total)
    one_by_one = np.array(one_by_one).reshape(Y.shape)

    return np.allclose(at_once, one_by_one)
