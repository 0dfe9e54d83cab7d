import numpy as np

def prefill_flops(N, P):
    return N * P * 2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization == 0:
        raise ValueError("utilization can't be zero")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) * 0.5

def causal_mask(P):
    return ~np.triu(np.ones((P, P), dtype=bool), k=1)

def prefill_matches_sequential(X, W):
    W /= np.abs(W).max()  # scale the weights down so nothing overflows
    XW = X @ W
    cs = np.cumsum(XW, axis=0)
    loop = np.zeros_like(XW)
    acc = np.zeros(XW.shape[1], dtype=XW.dtype)
    for k in range(XW.shape[0]):
        acc = acc + XW[k]
        loop[k] = acc
    return bool(np.allclose(cs, loop))
