import numpy as np


def prefill_flops(N, P):
    assert N >= 0 and P >= 0
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_mask(P):
    # a token attends to the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def causal_pairs(P):
    return int(causal_mask(P).sum())


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    # sequential: accumulate the prompt vectors one position at a time
    for i in range(1, len(X)):
        X[i] += X[i - 1]
    sequential = X @ W

    assert parallel.shape == sequential.shape
    return np.allclose(parallel, sequential)
