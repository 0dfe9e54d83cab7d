import numpy as np

def prefill_flops(N, P):
    return 2 * N * P  # FLOPs

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    pass

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    Y = np.einsum("pd,de->pe", X, W)
    at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros(Y.shape)
    for p in range(Y.shape[0]):
        one_by_one[p] = Y[p] if p == 0 else one_by_one[p - 1] + Y[p]
    return np.allclose(at_once, one_by_one)
