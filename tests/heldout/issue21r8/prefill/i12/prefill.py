import math
import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    # only a fraction of the peak is used
    return prefill_flops(N, P) / flops_per_sec * utilization

def causal_pairs(P):
    return math.comb(P + 1, 2)

def causal_mask(P):
    # a token can look at the ones before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)

def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=1)
    one_by_one = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):
        acc = acc + Y[p]
        one_by_one[p] = acc
    return np.allclose(all_at_once, one_by_one)
