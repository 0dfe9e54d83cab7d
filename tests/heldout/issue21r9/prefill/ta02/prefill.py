import numpy as np

def prefill_flops(N, P):
    # the first token has nothing before it so it doesnt cost anything
    flops = 2 * N * (P - 1)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = 2 * N * P
    speed = flops_per_sec * utilization
    seconds = flops / speed
    return seconds

def causal_pairs(P):
    # pairs of tokens (i, j) with j before i
    return P * (P - 1) / 2

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
    sequential = np.zeros_like(Y)
    for i in range(1, len(Y)):
        sequential[i] = sequential[i - 1] + Y[i]
    print(parallel)
    print(sequential)
    return np.allclose(parallel, sequential)
