import math

import numpy as np


def prefill_flops(N, P):
    n = float(N)
    p = float(P)
    return 2.0 * n * p


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if not (u > 0.0 and u <= 1.0):
        raise ValueError("utilization has to be in (0, 1]; got %r" % (utilization,))
    rate = float(flops_per_sec) * u
    return prefill_flops(N, P) / rate


def causal_pairs(P):
    # arithmetic series 1 + 2 + ... + P
    return (P * P + P) / 2


def causal_mask(P):
    idx = np.arange(P)
    return np.subtract.outer(idx, idx) >= 0


def prefill_matches_sequential(X, W):
    Y = (X @ W).astype(float)  # plain Python floats on both sides
    parallel = np.cumsum(Y, axis=0).tolist()

    rows, cols = Y.shape
    running = [0.0] * cols
    for i in range(rows):
        running = [running[k] + float(Y[i, k]) for k in range(cols)]
        for k in range(cols):
            if not math.isclose(parallel[i][k], running[k], rel_tol=1e-9, abs_tol=1e-12):
                return False
    return True
