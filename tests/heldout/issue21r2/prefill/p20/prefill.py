import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sane range instead of crashing
    utilization = float(np.clip(utilization, 1e-6, 1.0))
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.int32(P)  # make sure it is an integer
    return (P * P + P) / 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    rows, cols = np.tril_indices(P)
    mask[rows, cols] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.stack([Y[:i].sum(axis=0) for i in range(len(Y))])
    return np.allclose(parallel, sequential)
