import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be between 0 and 1"
    flops = 2 * N * P
    time = flops / (flops_per_sec * utilization)
    return time

def causal_pairs(P):
    # its a triangle so half of the square
    return P * P / 2

def causal_mask(P):
    mask = []
    for i in range(P):
        row = []
        for j in range(P):
            row.append(j <= i)
        mask.append(row)
    return mask

def prefill_matches_sequential(X, W):
    pass
