import numpy as np


def prefill_flops(N, P):
    # attention compares every token with every other token -> P^2
    return 2 * N * P ** 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization must be in (0,1]")
    return (2 * N * P) // (flops_per_sec * utilization)


def causal_pairs(P):
    # every token paired with every token
    return P ** 2


def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: running sum of the inputs first, then multiply (matmul is linear)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    sequential = X @ W
    return np.allclose(parallel, sequential)
