import numpy as np

# prefill = the model reads the prompt

def prefill_flops(N, P):
    flops = N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    time = flops / (flops_per_sec * utilization)
    return time

def causal_pairs(P):
    total = 0
    for i in range(1, P + 1):
        total = total + i
    return total

def causal_mask(P):
    mask = []
    for i in range(P):
        row = []
        for j in range(P):
            if j <= i:
                row.append(True)
            else:
                row.append(False)
        mask.append(row)
    return mask

def prefill_matches_sequential(X, W):
    pass
