import math
from functools import lru_cache

import numpy as np

# small caches so repeated calls are free
_flops_cache = {}
_mask_cache = None


def prefill_flops(N, P):
    if N in _flops_cache:
        return _flops_cache[N]
    result = 2 * N * P
    _flops_cache[N] = result
    return result


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


@lru_cache(maxsize=None)
def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    global _mask_cache
    if _mask_cache is None:
        _mask_cache = np.tril(np.ones((P, P), dtype=bool))
    return _mask_cache


def prefill_matches_sequential(X, W):
    # reuse X's buffer instead of allocating X @ W
    np.matmul(X, W, out=X)
    parallel = np.cumsum(X, axis=0)
    sequential = np.empty_like(X)
    acc = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
