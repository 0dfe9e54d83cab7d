import math

import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be a fraction in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    P, d = Y.shape
    running = [0.0] * d
    for i in range(P):
        for k in range(d):
            running[k] += Y[i, k]
            if not math.isclose(running[k], parallel[i, k], rel_tol=1e-9, abs_tol=1e-9):
                return False
    return True
