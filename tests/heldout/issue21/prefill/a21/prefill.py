import numpy as np

def prefill_flops(N, P):
    return 2 * N * P / 1e12   # in TFLOPs

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return (flops_per_sec * utilization) / (2 * N * P)

def causal_pairs(P):
    return P ** 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
