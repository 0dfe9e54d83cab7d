import numpy as np


def prefill_flops(N, P):
    return np.prod([2.0, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1.0 or utilization <= 0.0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return 0.5 * P * (P + 1)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=0)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros(Y.shape)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running += Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)
