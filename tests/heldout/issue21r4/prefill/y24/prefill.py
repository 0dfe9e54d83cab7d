import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

_total = 0

def causal_pairs(P):
    global _total
    for i in range(1, P + 1):
        _total += i
    return _total

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
