import numpy as np
import math


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization > 1:
        # given as a percentage, e.g. 50 -> 0.5
        utilization = utilization / 100
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P ** 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    P, d = W.shape
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(d)
    for i in range(min(P, len(Y))):
        acc = acc + Y[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
