import math
import numpy as np

def prefill_flops(N, P):
    if P == 1:
        return 2 * N   # one token: each parameter once (multiply + add)
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or math.isnan(utilization):
        raise ValueError("utilization must be at most 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    if P <= 1:
        return P
    return P * (P + 1) // 2

def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = X @ W
    if Y.shape[0] == 1:
        return True
    par = np.cumsum(Y, axis=0)
    seq = Y.copy()
    for i in range(1, Y.shape[0]):
        seq[i] = seq[i - 1] + Y[i]
    return bool(np.allclose(par, seq))
