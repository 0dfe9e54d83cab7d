import numpy as np

def prefill_flops(N, P):
    # in TFLOPs
    return 2 * N * P / 1e12

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization >= 1:
        raise ValueError("utilization must be between 0 and 1")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
