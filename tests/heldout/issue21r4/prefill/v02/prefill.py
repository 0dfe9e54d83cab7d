import numpy as np

def prefill_flops(N, P):
    # flops = parameters times tokens
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be between 0 and 1")
    flops = prefill_flops(N, P)
    return flops / (flops_per_sec * utilization)

def causal_pairs(P):
    # half of the P x P grid
    return P * P / 2

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
