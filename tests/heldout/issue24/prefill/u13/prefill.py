import numpy as np

def prefill_flops(N, P):
    # N is given in billions of parameters (7 -> 7e9)
    params = N * 1e9
    return 2 * params * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)

def causal_pairs(P):
    # 0 + 1 + 2 + ... + P
    return sum(range(P + 1))

def causal_mask(P):
    return np.tril(np.full((P, P), True))

def prefill_matches_sequential(X, W):
    XW = np.dot(X, W)
    cumulative = np.cumsum(XW, axis=0)
    manual = np.zeros_like(XW)
    for i in range(XW.shape[0]):
        if i == 0:
            manual[i] = XW[i]
        else:
            manual[i] = manual[i - 1] + XW[i]
    return np.allclose(cumulative, manual)
