import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    print("prefill flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    flops = prefill_flops(N, P)
    seconds = flops / flops_per_sec * utilization
    print("seconds:", seconds)
    return seconds

def causal_pairs(P):
    lower = np.tril(np.ones((P, P)))
    print(lower)
    return int(lower.sum())

def causal_mask(P):
    m = np.tril(np.ones((P, P), dtype=bool), k=-1)
    print(m)
    return m

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        seq[i] = Y[:i].sum(axis=0)
    print(par)
    print(seq)
    return np.allclose(par, seq)
