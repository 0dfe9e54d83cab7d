import numpy as np

def prefill_flops(N, P):
    return 2*N*P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0 or np.isnan(utilization):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec*utilization)

def causal_pairs(P):
    return P*(P+1)/2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
