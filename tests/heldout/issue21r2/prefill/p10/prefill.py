import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 0 and utilization <= 1:
        return prefill_flops(N, P) / (flops_per_sec * utilization)
    raise ValueError("utilization should be > 0 and <= 1")

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    # TODO
    pass
