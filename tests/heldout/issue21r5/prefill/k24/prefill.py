import numpy as np

def prefill_flops(N, P): return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1: raise ValueError(utilization)
    return prefill_flops(N, P) / flops_per_sec / utilization

def causal_pairs(P): return P * (P + 1) // 2

def causal_mask(P): return np.tril(np.ones((P, P), bool))

def prefill_matches_sequential(X, W):
    par = np.cumsum(X @ W, axis=0)
    seq, s = [], np.zeros(W.shape[1])
    for x in X:
        s = s + x @ W
        seq.append(s)
    return bool(np.abs(par - np.array(seq)).max() < 1e-9)
