import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    # model sizes are usually quoted in billions ("7B"); accept both 7 and 7e9
    if N < 1000:
        N = N * BILLION
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # token i (1-based) attends to i tokens: 1 + 2 + ... + P
    return P * (P + 1) / 2


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = np.squeeze(X @ W)
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = 0
    for i in range(len(Y)):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
