import numpy as np


def prefill_flops(N, P):
    if not isinstance(N, int) or not isinstance(P, int):
        raise TypeError("N and P are counts and must be integers")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float):
        raise ValueError("utilization must be a float in (0, 1]")
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be a float in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(range(P))


def causal_mask(P):
    positions = np.arange(P)
    return np.greater_equal.outer(positions, positions)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    carry = np.zeros_like(Y[0])
    for i in range(Y.shape[0]):
        carry = carry + Y[i]
        sequential[i] = carry
    return np.allclose(parallel, sequential)
