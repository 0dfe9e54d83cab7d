import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) >> 1


def causal_mask(P):
    pos = np.arange(P)
    return np.greater_equal.outer(pos, pos)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))]).reshape(Y.shape)
    return bool(np.allclose(parallel, sequential))
