import numpy as np

def prefill_flops(N, P):
    # N parameters times P tokens
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) * utilization / flops_per_sec

def causal_pairs(P):
    return P * P / 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
