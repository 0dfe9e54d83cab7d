import numpy as np

def prefill_flops(N, P):
    flops = N * P
    print("flops =", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("bad utilization")
    flops = 2 * N * P
    seconds = flops / (flops_per_sec * utilization)
    print("seconds =", seconds)
    return seconds

def causal_pairs(P):
    # each token pairs with the ones before it
    return P * (P - 1) / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    pass
