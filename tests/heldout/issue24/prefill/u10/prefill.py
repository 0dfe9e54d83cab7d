import numpy as np

def prefill_flops(N, P):
    N = int(N)
    P = int(P)
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return (2 * N * P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P * (P + 1)) // 2

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=int))

def prefill_matches_sequential(X, W):
    XW = X @ W
    cum = np.cumsum(XW, axis=1)
    loop = np.zeros(XW.shape)
    s = 0
    for i in range(XW.shape[0]):
        s = s + XW[i]
        loop[i] = s
    return np.allclose(cum, loop)
