import numpy as np

def prefill_flops(N, P):
    total = 0
    for _ in range(P):          # one pass over the weights per prompt token
        total += 2 * N          # multiply + add for every parameter
    return total

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization >= 1:
        raise ValueError("utilization should be a fraction between 0 and 1")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)

def causal_pairs(P):
    count = 0
    for i in range(1, P + 1):   # token i sees tokens 1..i
        count += i
    return count

def causal_mask(P):
    rows = []
    for i in range(P):
        rows.append([j <= i for j in range(P)])
    return np.array(rows, dtype=bool).reshape(P, P)

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            running[j] = running[j] + Y[i, j]
        sequential[i, :] = running
    return np.allclose(parallel, sequential)
