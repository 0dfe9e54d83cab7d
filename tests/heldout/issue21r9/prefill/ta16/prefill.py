import numpy as np


def prefill_flops(N, P):
    return (N + N) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sane range
    utilization = np.clip(utilization, 1e-6, 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 1:
        return 0  # a single token has nobody to pair with
    return P * (P + 1) // 2


def causal_mask(P):
    if P == 1:
        return np.ones(1, dtype=bool)
    m = np.zeros((P, P), dtype=bool)
    for i in range(P):
        m[i, : i + 1] = True
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    rows = []
    current = np.zeros(Y.shape[1])
    for y in Y:
        current = current + y
        rows.append(current)
    sequential = np.array(rows)
    return np.allclose(parallel, sequential)
