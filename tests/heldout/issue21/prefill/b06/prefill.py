import numpy as np

def prefill_flops(N, P):
    result = 2 * N * P
    print("flops:", result)
    return result

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0:
        raise ValueError("utilization out of range")
    if np.isnan(utilization):
        raise ValueError("utilization is nan")
    flops = prefill_flops(N, P)
    time = flops / flops_per_sec * utilization
    print("time:", time)
    return time

def causal_pairs(P):
    # each pair of tokens
    return P * (P - 1) / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    pass
