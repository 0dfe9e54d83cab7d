import numpy as np

def prefill_flops(N, P):
    flops = 2*N*P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = prefill_flops(N, P)
    time = flops / (flops_per_sec*utilization)
    return time

def causal_pairs(P):
    # token i can look at the tokens before it
    return P*(P-1)/2

def causal_mask(P):
    mask = np.tril(np.ones((P,P)))
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros(Y.shape)
    for i in range(len(Y)):
        one_by_one[i] = Y[i]
    return np.allclose(all_at_once, one_by_one)
