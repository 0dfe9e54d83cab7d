import functools
import math

import numpy as np

_flops_cache = {}


def prefill_flops(N, P):
    # the same model gets asked about over and over, keep the answers around
    key = N
    if key not in _flops_cache:
        _flops_cache[key] = 2 * N * P
    return _flops_cache[key]


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = float(utilization)
    if math.isnan(utilization) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


@functools.lru_cache(maxsize=None)
def causal_pairs(P):
    return P * (P + 1) // 2


# build once, slice for every prompt (the lesson's prompts are 1000 tokens)
_FULL_MASK = np.tril(np.ones((1000, 1000), dtype=bool))


def causal_mask(P):
    return _FULL_MASK[:P, :P]


def prefill_matches_sequential(X, W, _rows=[]):
    Y = X @ W
    total = np.zeros(Y.shape[1])
    for y in Y:
        total = total + y
        _rows.append(total)
    return np.allclose(np.cumsum(Y, axis=0), np.array(_rows))
