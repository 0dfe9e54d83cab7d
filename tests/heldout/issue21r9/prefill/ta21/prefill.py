import numpy as np


def prefill_flops(N, P):
    # each prompt token costs 2N FLOPs
    total = 0
    for _ in range(P):
        total += 2 * N
    return total


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    total_flops = 2 * N * P
    return total_flops / flops_per_sec / utilization


def causal_mask(P):
    return np.tril(np.full((P, P), True))


def causal_pairs(P):
    # count the allowed cells of the mask
    return int(causal_mask(P).sum())


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = np.ones(i + 1) @ (X[: i + 1] @ W)
    return bool(np.max(np.abs(parallel - sequential)) < 1e-12)
