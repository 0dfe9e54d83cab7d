import numpy as np

def prefill_flops(N, P):
    # one operation per parameter per token
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) / 2

def causal_mask(P):
    return np.tril(np.full((P, P), True))

def prefill_matches_sequential(X, W):
    # all positions at once
    parallel = np.cumsum(X @ W, axis=0)
    # one position at a time: running sum of the prompt vectors, projected each step
    sequential = np.zeros_like(parallel)
    acc = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i]
        sequential[i] = acc @ W
    return (parallel == sequential).all()
