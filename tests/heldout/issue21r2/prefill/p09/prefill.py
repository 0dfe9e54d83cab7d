import numpy as np

def prefill_flops(N, P):
    # parameter and token counts are whole numbers
    return 2 * int(N) * int(P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    if P <= 1:
        return 0   # nothing to pair with
    return P * (P + 1) // 2

def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(bool)

def prefill_matches_sequential(X, W):
    XW = X @ W
    par = np.cumsum(XW)
    seq = np.zeros_like(XW)
    s = 0
    for i in range(XW.shape[0]):
        s = s + XW[i]
        seq[i] = s
    return np.allclose(par, seq)
