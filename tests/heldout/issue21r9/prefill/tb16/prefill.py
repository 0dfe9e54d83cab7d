import math
import numpy as np

def prefill_flops(N, P): return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization > 1: raise ValueError(utilization)
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P): return (P * P + P) // 2

def causal_mask(P): return np.arange(P)[:, None] >= np.arange(P)

def prefill_matches_sequential(X, W):
    Y = X @ W; s = np.zeros_like(Y); acc = 0
    for i, y in enumerate(Y): acc = acc + y; s[i] = acc
    return np.isclose(np.cumsum(Y, axis=0), s)
