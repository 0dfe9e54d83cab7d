import numpy as np

def prefill_flops(N, P):
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization < 1):
        raise ValueError("utilization must be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * P // 2

def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    return mask

def prefill_matches_sequential(X, W):
    pass
