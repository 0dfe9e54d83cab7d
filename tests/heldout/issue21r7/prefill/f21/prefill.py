import numpy as np


def prefill_flops(N, P):
    return N * P * 2.0


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sane range instead of crashing
    utilization = min(max(utilization, 1e-6), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P**2 + P) / 2


def causal_mask(P):
    # +1 for the BOS token every prompt starts with
    n = P + 1
    return np.tril(np.ones((n, n), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0, out=Y)  # no extra memory
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        acc = acc + Y[i]
        sequential[i] = acc
    return np.allclose(parallel, sequential)
