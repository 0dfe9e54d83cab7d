import math
import numpy as np

def prefill_flops(N, P):
    flops = int(2 * N * P)
    print("flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization < 0 or utilization > 1:
        raise ValueError("utilization must be between 0 and 1")
    t = 2 * N * P / (flops_per_sec * utilization)
    print("time:", t)
    return t

def causal_pairs(P):
    # every token with every earlier-or-same token
    pairs = P * (P + 1)
    print("pairs", pairs)
    return pairs

def causal_mask(P):
    m = np.tril(np.ones((P, P), dtype=bool), k=-1)
    print(m)
    return m

def prefill_matches_sequential(X, W):
    pass
