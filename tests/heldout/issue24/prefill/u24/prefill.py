import numpy as np

def prefill_flops(N, P):
    # FLOPs are a count, so keep it a whole number
    return round(2 * N * P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if flops_per_sec < 1e9:
        raise ValueError("flops_per_sec looks wrong, a GPU does ~1e14 FLOP/s")
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    return sum(range(1, P + 2))

def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i]
        seq[i] = acc
    return np.allclose(par, seq)
