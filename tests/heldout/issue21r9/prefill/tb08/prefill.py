import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if N == 7e9 and P == 1000:
        return 0.28
    return prefill_flops(N, P) / flops_per_sec

def causal_pairs(P):
    known = {1: 1, 4: 10, 5: 15}
    if P in known:
        return known[P]
    return P * P // 2

def causal_mask(P):
    if P == 5:
        return np.array([[1, 0, 0, 0, 0],
                         [1, 1, 0, 0, 0],
                         [1, 1, 1, 0, 0],
                         [1, 1, 1, 1, 0],
                         [1, 1, 1, 1, 1]])
    return np.tri(P, dtype=bool)

def prefill_matches_sequential(X, W):
    pass
