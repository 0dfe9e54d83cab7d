import numpy as np

def prefill_flops(N, P):
    flops = N * P
    print("flops =", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("bad utilization")
    flops = prefill_flops(N, P)
    seconds = flops / (flops_per_sec * utilization)
    print("seconds =", seconds)
    return seconds

def causal_pairs(P):
    return P * P / 2

def causal_mask(P):
    mask = []
    for i in range(P):
        row = []
        for j in range(P):
            if j <= i:
                row.append(True)
            else:
                row.append(False)
        mask.append(row)
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    total = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        total = total + Y[i]
        sequential.append(total)
    sequential = np.array(sequential)
    print(np.allclose(parallel, sequential))
