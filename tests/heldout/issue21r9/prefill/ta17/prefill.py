import numpy as np


def prefill_flops(N, P):
    # FLOPs are a count of operations, so a whole number
    return int(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    rate = flops_per_sec * utilization
    return prefill_flops(N, P) // rate


def causal_pairs(P):
    total = P * (P + 1)
    return total // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    rows, cols = np.tril_indices(P)
    mask[rows, cols] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    P, d = Y.shape
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros((P, d), dtype=int)
    for i in range(P):
        if i == 0:
            sequential[i] = Y[i]
        else:
            sequential[i] = sequential[i - 1] + Y[i]
    return bool(np.allclose(parallel, sequential))
