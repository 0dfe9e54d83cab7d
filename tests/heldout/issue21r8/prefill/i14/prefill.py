import numpy as np

def prefill_flops(N, P):
    flops = 2*N*P
    print("prefill flops:", flops)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be between 0 and 1"
    flops = 2*N*P
    secs = flops / (flops_per_sec*utilization)
    print("seconds:", secs)
    return secs

def causal_pairs(P):
    print("P =", P)
    return P**2 / 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
