import numpy as np

def prefill_flops(N, P):
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    return P**2 // 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
