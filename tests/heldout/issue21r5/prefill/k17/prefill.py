from functools import lru_cache

import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sensible range
    utilization = min(max(utilization, 1e-6), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)


@lru_cache(maxsize=None)
def causal_pairs(P):
    # token P adds P new pairs to the pairs of the first P-1 tokens
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(1, P):
        mask[i, :i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    # normalise W so the running sums stay small
    W /= np.abs(W).max()
    Y = X @ W
    batch = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i, y in enumerate(Y):
        total = total + y
        seq[i] = total
    return np.allclose(batch, seq)
