import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
