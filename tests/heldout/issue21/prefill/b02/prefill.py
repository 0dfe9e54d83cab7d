import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = prefill_flops(N, P)
    seconds = flops / (flops_per_sec * utilization)
    return seconds

def causal_pairs(P):
    # token 1 has 1 pair, token 2 has 2 pairs, ... token P has P pairs
    total = 0
    for i in range(1, P + 1):
        total = total + i
    return total

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(i):
            mask[i][j] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = []
    running = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        running += Y[i]
        sequential.append(running)
    sequential = np.array(sequential)

    return np.allclose(parallel, sequential)
