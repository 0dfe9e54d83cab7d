import numpy as np


def prefill_flops(N, P):
    # parameter and token counts are whole numbers
    if not isinstance(N, int) or not isinstance(P, int):
        raise TypeError("N and P must be integers")
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return (2 * N * P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P**2 + P) / 2


def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P)] = False   # hide the future
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([Y[: t + 1].sum(axis=0) for t in range(Y.shape[0])])
    return bool(np.allclose(parallel, sequential))
