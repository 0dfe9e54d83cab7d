import math
import numpy as np


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0:
        raise ValueError("utilization must be positive")
    if utilization > 1:
        # people often write 50 for 50 %
        utilization = utilization / 100
    if utilization > 1:
        raise ValueError("utilization above 100 %")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    pairs = P * (P + 1) // 2
    return pairs


def causal_mask(P):
    # 1 = may attend, 0 = masked
    return np.tri(P, dtype=np.uint8)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros_like(Y[0])
    for p in range(Y.shape[0]):
        running = running + Y[p]
        sequential[p] = running
    return np.isclose(parallel, sequential)
