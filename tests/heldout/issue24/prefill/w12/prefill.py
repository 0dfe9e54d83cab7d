import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.int8)).astype(bool)


def prefill_matches_sequential(X, W):
    # parallel: all positions at once
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: position t only sees x_1..x_t
    sequential = np.zeros_like(parallel)
    for t in range(X.shape[0]):
        sequential[t] = X[: t + 1].sum(axis=0) @ W
    return bool((parallel == sequential).all())
