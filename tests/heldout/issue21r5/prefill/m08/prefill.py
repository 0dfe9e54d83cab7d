import numpy as np

# prefill cost model

def prefill_flops(N, P):
    # every parameter is used once for every prompt token
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization:   # NaN check
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P * P + P) / 2

def causal_mask(P):
    idx = np.arange(P)
    return idx[:, np.newaxis] >= idx[np.newaxis, :]

def prefill_matches_sequential(X, W):
    pass
