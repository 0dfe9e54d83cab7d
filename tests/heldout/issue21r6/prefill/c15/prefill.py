import numpy as np

prefill_flops = lambda N, P: 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return np.arange(1, P + 1).sum()

def causal_mask(P):
    return np.array([[c <= r for c in range(P)] for r in range(P)], dtype=bool).reshape(P, P)

def prefill_matches_sequential(X, W):
    XW = X @ W
    together = np.cumsum(XW, axis=0)
    one_at_a_time = np.zeros_like(XW)
    s = np.zeros(XW.shape[1], dtype=XW.dtype)
    for i, row in enumerate(XW):
        s = s + row
        one_at_a_time[i] = s
    return [np.allclose(a, b) for a, b in zip(together, one_at_a_time)]
