import numpy as np

def prefill_flops(N, P):
    return np.float64(2.0) * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / np.multiply(flops_per_sec, utilization)

def causal_pairs(P):
    return np.float64(P) * (P + 1) / 2

def causal_mask(P):
    return np.tri(P, P, dtype=bool)

def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    acc = np.zeros(W.shape[1])
    rows = []
    for x in X:
        acc = acc + x @ W
        rows.append(acc)
    sequential = np.stack(rows)
    return np.array_equal(parallel, sequential)
