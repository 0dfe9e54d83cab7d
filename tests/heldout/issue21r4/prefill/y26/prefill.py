import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        print("utilization must be between 0 and 1")
        return None
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    pass

def causal_mask(P):
    mask = []
    for i in range(P):
        row = []
        for j in range(P):
            row.append(j <= i)
        mask.append(row)
    return mask

def prefill_matches_sequential(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total = total + Y[i]
        sequential[i] = total
    return np.allclose(parallel, sequential)
