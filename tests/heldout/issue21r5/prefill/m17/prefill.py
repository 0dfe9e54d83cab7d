import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    # only a fraction of the peak time is used
    return prefill_flops(N, P) / flops_per_sec * utilization

def causal_pairs(P):
    return sum(range(P))

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.uint8))

def prefill_matches_sequential(X, W):
    Y = X @ W
    cs = np.cumsum(Y, axis=1)
    out = np.zeros_like(Y)
    s = 0
    for i in range(Y.shape[0]):
        s = s + Y[i]
        out[i] = s
    return bool(np.allclose(cs, out))
