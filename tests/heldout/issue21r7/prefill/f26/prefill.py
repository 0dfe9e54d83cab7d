import numpy as np

def prefill_flops(N, P):
    # the last prompt token is where decoding starts, so it isn't prefilled
    return 2 * N * (P - 1)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / flops_per_sec / utilization

def causal_pairs(P):
    return P * (P + 1) / 2.0

def causal_mask(P):
    return np.tri(P)

def prefill_matches_sequential(X, W):
    pass
