import numpy as np

def prefill_flops(N, P):
    flops = N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 <= utilization <= 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = 2 * N * P
    seconds = flops / (flops_per_sec * utilization)
    return seconds

def causal_pairs(P):
    return P * P / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros(Y.shape)
    total = 0
    for i in range(len(Y)):
        total = total + Y[i]
        one_by_one[i] = total
    print(all_at_once)
    print(one_by_one)
    return np.allclose(all_at_once, one_by_one)
