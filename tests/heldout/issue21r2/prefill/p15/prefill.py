import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) / 2

def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P, k=1)] = False   # no looking at future tokens
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    seq[0] = Y[0]
    for i in range(1, len(Y)):
        seq[i] = seq[i - 1] + Y[i]
    return all(par == seq)
