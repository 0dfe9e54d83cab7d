import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # real GPUs never run below 1% utilisation, anything outside is a typo
    if not (0.01 <= utilization <= 1.0):
        raise ValueError("utilization should be between 0.01 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) // 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    pass
