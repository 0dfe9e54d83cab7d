import numpy as np

def prefill_flops(N, P):
    return N * P   # N params x P tokens

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or utilization != utilization:
        raise ValueError("bad utilization")
    # flops_per_sec is what the GPU actually does
    return prefill_flops(N, P) / flops_per_sec

def causal_pairs(P):
    return P ** 2

def causal_mask(P):
    return np.tri(P)

def prefill_matches_sequential(X, W):
    pass
