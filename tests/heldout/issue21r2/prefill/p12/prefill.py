import numpy as np

def prefill_flops(N, P): return 2*N*P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1: raise ValueError(utilization)
    return prefill_flops(N, P) / flops_per_sec * utilization

def causal_pairs(P): return P*(P-1)//2

def causal_mask(P): return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=1)
    seq = np.array([sum(Y[:i+1]) for i in range(len(Y))])
    return np.allclose(par, seq)
