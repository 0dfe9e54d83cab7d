import numpy as np

def prefill_flops(N, P):
    return N * P * 2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization:  # NaN check
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) // (flops_per_sec * utilization)

def causal_pairs(P):
    # count the True entries of the mask
    return int(causal_mask(P).sum()) if P > 1 else P

def causal_mask(P):
    if P == 1:
        return True  # one token only sees itself
    return np.tril(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    pass
