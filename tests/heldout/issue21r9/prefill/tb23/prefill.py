import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # TODO check utilization
    pass

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
