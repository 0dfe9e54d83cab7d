import numpy as np

def prefill_flops(N, P):
    # the first token is just the start token, nothing to compute for it
    return 2 * N * (P - 1)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        return ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    pairs = 0
    for row in range(P):
        pairs += row + 1
    return pairs

def causal_mask(P):
    return np.tri(P, P, k=1, dtype=bool)

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        seq[i] = Y[: i + 1].sum(axis=0)
    return all(par == seq)
