import numpy as np


def prefill_flops(N, P):
    return np.float64(2) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * utilization
    return prefill_flops(N, P) // rate


def causal_pairs(P):
    return P * (P + 1) / 2.0


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] <= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    run = np.zeros_like(Y[0]) if len(Y) else None
    for i in range(len(Y)):
        run = run + Y[i]
        sequential[i] = run
    # same additions in the same order, so they should be exactly equal
    return np.array_equal(parallel, sequential)
