import numpy as np
from itertools import accumulate

def prefill_flops(N, P):
    return np.multiply(2, np.multiply(N, P))

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1: raise ValueError(utilization)
    return np.divide(prefill_flops(N, P), np.multiply(flops_per_sec, utilization))

def causal_pairs(P):
    return np.arange(P + 1).sum()

def causal_mask(P):
    return np.tri(P, dtype=bool)

def prefill_matches_sequential(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, 0), np.array(list(accumulate(Y))))
