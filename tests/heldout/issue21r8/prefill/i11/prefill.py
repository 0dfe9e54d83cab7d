import numpy as np


def prefill_flops(N, P):
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.stack([np.cumsum(Y[:i], axis=0)[-1] for i in range(Y.shape[0])])
    return np.array_equal(par, seq)
