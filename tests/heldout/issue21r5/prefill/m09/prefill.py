from functools import lru_cache

import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # utilization is a fraction of the peak
    if not (0 < utilization < 1):
        raise ValueError("utilization must be a fraction between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) / 2


@lru_cache(maxsize=None)
def causal_mask(P):
    # masks get reused a lot (same prompt length), so cache them
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    rows = []
    running = np.zeros(Y.shape[1])
    for y in Y:
        running = running + y
        rows.append(running)
    one_at_a_time = np.vstack(rows)
    return np.allclose(all_at_once, one_at_a_time)
