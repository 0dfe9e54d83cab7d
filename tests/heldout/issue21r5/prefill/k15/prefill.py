import numpy as np


def prefill_flops(N, P):
    per_token = np.full(int(P), 2 * N, dtype=np.float64)  # 2N FLOPs for each prompt token
    return per_token.sum()


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if (utilization <= 0) | (utilization > 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.float64(P)
    return (np.square(P) + P) / 2


def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=1)
    stepwise = np.zeros_like(Y)
    stepwise[0] = Y[0]
    for p in range(1, Y.shape[0]):
        stepwise[p] = stepwise[p - 1] + Y[p]
    return np.allclose(together, stepwise)
