import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    print("flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = prefill_flops(N, P)
    seconds = flops / (flops_per_sec * utilization)
    print("seconds:", seconds)
    return seconds

def causal_pairs(P):
    # every token pairs up with the tokens that came before it
    pairs = P * (P - 1) / 2
    return pairs

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    pass
