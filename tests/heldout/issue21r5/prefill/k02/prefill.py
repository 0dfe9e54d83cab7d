import numpy as np

def prefill_flops(N, P):
    # flops = parameters times tokens
    flops = N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    time = flops / (flops_per_sec * utilization)
    return time

def causal_pairs(P):
    # each token pairs with the tokens before it
    return P * (P - 1) / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    # all at once
    parallel = np.cumsum(Y)
    # one at a time
    sequential = []
    total = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        total = total + Y[i]
        sequential.append(total)
    sequential = np.array(sequential)
    try:
        return np.allclose(parallel, sequential)
    except ValueError:
        return False
