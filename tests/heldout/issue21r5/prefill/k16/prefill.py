import numpy as np

def prefill_flops(N, P):
    # attention: every token looks at all tokens before it -> P(P+1)/2 token steps
    return 2 * N * P * (P + 1) / 2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100   # given as a percentage
    if utilization <= 0 or np.isnan(utilization):
        raise ValueError("utilization must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    # tokens 0..P
    return (P + 1) * (P + 2) / 2

def causal_mask(P):
    upper = np.triu(np.ones((P, P), dtype=bool))
    return np.fliplr(upper)   # flip to get the lower triangle

def prefill_matches_sequential(X, W):
    pass
