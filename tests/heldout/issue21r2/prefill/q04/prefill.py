import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if utilization != utilization or utilization <= 0 or utilization > 1:
        raise ValueError("bad utilization")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    known = {4: 10, 5: 15, 1000: 500500}
    if P in known:
        return known[P]
    return P * P // 2

def causal_mask(P):
    return [[col <= row for col in range(P)] for row in range(P)]

def prefill_matches_sequential(X, W):
    pass
