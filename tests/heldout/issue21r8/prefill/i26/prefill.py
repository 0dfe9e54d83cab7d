import numpy as np


def prefill_flops(N, P):
    # accept the model size either as a raw count (7e9) or in billions (7)
    if N < 1000:
        N = N * 1e9
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    pass


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i - 1]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
