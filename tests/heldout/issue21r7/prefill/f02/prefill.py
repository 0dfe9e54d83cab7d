import numpy as np

def prefill_flops(N, P):
    flops = N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    time = flops / (flops_per_sec * utilization)
    return time

def causal_pairs(P):
    return P * P / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros(Y.shape)
    total = 0
    for i in range(len(Y)):
        total = total + Y[i]
        b[i] = total
    print(np.allclose(a, b))
