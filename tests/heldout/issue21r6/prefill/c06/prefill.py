import numpy as np

def prefill_flops(N, P):
    # 2 flops per thing (multiply + add)
    return 2 * (N + P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0 or np.isnan(utilization):
        raise ValueError("utilization should be between 0 and 1")
    return 2 * N * P / flops_per_sec * utilization

def causal_pairs(P):
    return sum(range(P))

def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    pass
