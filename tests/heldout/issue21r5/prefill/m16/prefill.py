import numpy as np

def prefill_flops(N, P):
    # FLOPs is a count, so make it a whole number
    return int(2 * N * P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization cannot be above 1")
    try:
        return prefill_flops(N, P) / (flops_per_sec * utilization)
    except ZeroDivisionError:
        raise ValueError("utilization cannot be 0")

def causal_pairs(P):
    pairs = P * (P + 1) // 2
    return pairs

def causal_mask(P):
    return np.tril(np.full((P, P), True), k=0)

def prefill_matches_sequential(X, W):
    P, d = X.shape
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros((P, d))
    running = np.zeros(P)
    for i in range(P):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(par, seq))
