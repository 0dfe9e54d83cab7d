import numpy as np

def prefill_flops(N, P):
    # each parameter is used once per token
    flops = N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = 2 * N * P
    seconds = flops / (flops_per_sec * utilization)
    return seconds

def causal_pairs(P):
    total = 0
    for i in range(P):
        total = total + i
    return total

def causal_mask(P):
    mask = []
    for row in range(P):
        r = []
        for col in range(P):
            r.append(col <= row)
        mask.append(r)
    return mask

def prefill_matches_sequential(X, W):
    pass
