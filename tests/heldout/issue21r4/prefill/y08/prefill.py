import numpy as np

def prefill_flops(N, P):
    return 2*N*P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec*utilization)

def causal_pairs(P):
    P = np.int32(P)
    return P*(P+1)//2

def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)

def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    parallel = np.cumsum(Y, axis=0)
    seq = Y.copy()
    for i in range(1, seq.shape[0]):
        seq[i] += seq[i-1]
    return np.allclose(parallel, seq)
