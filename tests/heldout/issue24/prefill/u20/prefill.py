import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    pairs = [(i, j) for i in range(P) for j in range(i + 1)]
    return pairs

def causal_mask(P):
    mask = []
    for i in range(P):
        row = []
        for j in range(P):
            row.append(j <= i)
        mask.append(row)
    return mask

def prefill_matches_sequential(X, W):
    pass
