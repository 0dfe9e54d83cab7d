import numpy as np

def prefill_flops(N, P):
    return N * P * 2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # utilization is a fraction of the peak
    if not (0 < utilization < 1):
        raise ValueError("utilization must be a fraction between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    # half of the P x P grid
    return P ** 2 // 2

def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = W @ X
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros_like(Y[0])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)
