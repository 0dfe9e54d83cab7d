import numpy as np


def prefill_flops(N, P):
    return 2 * N * (P + 1)  # +1: prefill also produces the first new token


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    P = int(P)
    return P * (P + 1) >> 1


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, :i] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    batched = np.cumsum(Y, axis=0)
    stepwise = np.empty_like(Y)
    s = 0
    for i in range(Y.shape[0]):
        s = s + Y[i]
        stepwise[i] = s
    return bool(np.allclose(batched, stepwise))
