import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be > 0 and <= 1")
    t = prefill_flops(N, P) / (flops_per_sec * utilization)
    return round(t, 2)

def causal_pairs(P):
    return sum(range(1, P + 1))

def causal_mask(P):
    m = np.ones((P, P), dtype=bool)
    for i in range(P):
        m[i, i + 1:] = False
    return m

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(X.shape[1]):
        s = s + Y[i]
        seq[i] = s
    return np.allclose(par, seq)
