import math
import numpy as np

pair_count = 0


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    global pair_count
    for i in range(1, P + 1):
        pair_count += i
    return pair_count


def causal_mask(P):
    return np.tri(P)


def prefill_matches_sequential(X, W):
    Y = np.squeeze(X @ W)
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = 0
    for i in range(X.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)
