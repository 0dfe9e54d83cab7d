import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization out of range")
    # FLOPs divided by FLOPs-per-second
    return prefill_flops(N, P) // (flops_per_sec * utilization)


def causal_pairs(P):
    return math.comb(P + 1, 2)


def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    return np.tril(mask, k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y)
    stepwise = np.zeros_like(Y)
    stepwise[0] = Y[0]
    for i in range(1, Y.shape[0]):
        stepwise[i] = stepwise[i - 1] + Y[i]
    return bool(np.allclose(together, stepwise))
