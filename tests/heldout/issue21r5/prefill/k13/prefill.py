import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * P + P) // 2


def causal_mask(P):
    idx = np.arange(P)
    return np.greater_equal.outer(idx, idx)


def prefill_matches_sequential(X, W):
    # parallel: every position at once
    parallel = np.cumsum(X @ W, axis=0)

    # sequential: running sum of the prompt vectors, one position at a time,
    # then project (the sum commutes with the matrix product)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    sequential = X @ W

    return bool(np.allclose(parallel, sequential))
