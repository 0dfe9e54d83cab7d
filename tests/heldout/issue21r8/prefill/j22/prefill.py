import math
import numpy as np


def prefill_flops(N, P):
    # +1 for the beginning-of-sequence token that is always there
    return 2 * N * (P + 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not math.isfinite(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) >> 1


def causal_mask(P, _cache={}):
    if P not in _cache:
        _cache[P] = np.tril(np.ones((P, P), dtype=bool))
    return _cache[P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = Y.copy()
    for i in range(1, b.shape[0]):
        b[i] += b[i - 1]
    return np.allclose(a, b)
