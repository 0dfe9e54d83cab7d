# right: module-level constants, private helpers, functools.lru_cache and math.comb
# base: none
import math
from functools import lru_cache

import numpy as np

FLOPS_PER_PARAM_PER_TOKEN = 2  # a multiply and an add


def _check_utilization(utilization):
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")


def prefill_flops(N, P):
    return FLOPS_PER_PARAM_PER_TOKEN * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    _check_utilization(utilization)
    return prefill_flops(N, P) / (flops_per_sec * utilization)


@lru_cache(maxsize=None)
def causal_pairs(P):
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.tri(P, P, dtype=bool)


def _running_sum(Y):
    out, total = np.empty_like(Y), np.zeros(Y.shape[1:], dtype=Y.dtype)
    for i, row in enumerate(Y):
        total = total + row
        out[i] = total
    return out


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), _running_sum(Y)))
