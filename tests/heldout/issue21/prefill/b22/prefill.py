import numpy as np

def prefill_flops(N, P):
    return N * P * 2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float")
    if utilization <= 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) / 2

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    # tokens are numbered 1..P like in the lesson
    for i in range(1, P):
        for j in range(1, i + 1):
            mask[i][j] = True
    return mask

def prefill_matches_sequential(X, W):
    pass
