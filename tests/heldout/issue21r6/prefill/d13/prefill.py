import numpy as np


def prefill_flops(N, P):
    # in GFLOPs, easier to read
    return 2 * N * P / 1e9


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return 2 * N * P / flops_per_sec


def causal_pairs(P):
    # every token is paired with every token
    return P ** 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=1)
    one_at_a_time = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):
        running += Y[p]
        one_at_a_time[p] = running
    return bool(np.allclose(together, one_at_a_time))
