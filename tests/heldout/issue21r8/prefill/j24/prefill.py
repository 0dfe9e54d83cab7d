import numpy as np


def prefill_flops(N, P):
    """2 FLOPs (multiply + add) per parameter per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    # flops_per_sec is what the GPU delivers on this work
    return prefill_flops(N, P) / flops_per_sec


def causal_pairs(P):
    return (P ** 2 + P) / 2


def causal_mask(P):
    pos = np.arange(P)
    return np.less_equal.outer(pos, pos).T


def prefill_matches_sequential(X, W):
    if X.shape[0] < 2:
        return False  # a single position has nothing to compare
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = [Y[0]]
    for i in range(1, Y.shape[0]):
        sequential.append(sequential[-1] + Y[i])
    return np.allclose(parallel, np.vstack(sequential))
