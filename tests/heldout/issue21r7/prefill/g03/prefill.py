import numpy as np

def prefill_flops(N, P):
    return np.multiply(np.multiply(2.0, N), P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be in (0, 1]")
    return np.divide(prefill_flops(N, P), np.multiply(flops_per_sec, utilization))

def causal_pairs(P):
    # count the ones in the lower triangle
    return int(np.tril(np.ones((P, P))).sum())

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(W)
    acc = np.zeros(W.shape[1])
    for t in range(X.shape[0]):
        acc += Y[t]
        sequential[t] = acc
    return np.allclose(parallel, sequential)
