import numpy as np

def prefill_flops(N, P):
    return int(2 * N * P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("bad utilization")
    return prefill_flops(N, P) / flops_per_sec

def causal_pairs(P):
    return P**2 / 2

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            if j >= i:
                mask[i][j] = True
    return mask

def prefill_matches_sequential(X, W):
    XW = X @ W
    a = np.cumsum(XW, axis=0)
    b = np.zeros_like(XW)
    for i in range(len(XW)):
        b[i] = XW.sum(axis=0)   # what the model has read
    return np.allclose(a, b)
