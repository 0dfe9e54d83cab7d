import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    return (P ** 2 + P) / 2

def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros_like(Y)
    for i in range(len(Y)):
        b[i] = Y[: i + 1].sum(axis=0)
    print(np.allclose(a, b))
