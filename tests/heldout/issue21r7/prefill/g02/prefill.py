import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    real_speed = flops_per_sec * utilization
    seconds = flops / real_speed
    return seconds

def causal_pairs(P):
    # token 1 sees 1, token 2 sees 2, ... token P sees P
    total = 0
    for i in range(1, P + 1):
        total = total + i
    return total

def causal_mask(P):
    mask = []
    for row in range(P):
        line = []
        for col in range(P):
            if col <= row:
                line.append(True)
            else:
                line.append(False)
        mask.append(line)
    return mask

def prefill_matches_sequential(X, W):
    pass
