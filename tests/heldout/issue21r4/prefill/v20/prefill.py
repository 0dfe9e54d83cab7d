import math
import numpy as np


def prefill_flops(N, P):
    # same precision as the lesson shows (1.40e+13)
    return float(f"{2 * N * P:.2e}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0:
        raise ValueError("utilization must be positive")
    if utilization > 1:
        utilization = utilization / 100   # given in percent, e.g. 50
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=int))


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: running sum of the prompt vectors, then project
    for i in range(1, X.shape[0]):
        X[i] = X[i] + X[i - 1]
    sequential = X @ W
    return np.allclose(parallel, sequential)
