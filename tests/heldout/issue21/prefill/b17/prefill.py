import numpy as np

prefill_flops = lambda N, P: 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(i + 1 for i in range(P))


def causal_mask(P):
    return np.array([[i <= j for j in range(P)] for i in range(P)], dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    sequential = np.array([Y[: t + 1].sum(axis=0) for t in range(len(Y))])
    return np.allclose(parallel, sequential)
