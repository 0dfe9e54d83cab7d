import numpy as np


def prefill_flops(N, P):
    pass


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    idx = np.arange(P)
    return np.less_equal.outer(idx, idx)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape, dtype=int)
    running = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        running = running + Y[t]
        sequential[t] = running
    return np.allclose(parallel, sequential)
