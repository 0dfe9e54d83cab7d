import functools
import numpy as np

_flops_cache = {}


def prefill_flops(N, P):
    # memoise: the same model gets asked about over and over
    if N in _flops_cache:
        return _flops_cache[N]
    result = 2 * N * P
    _flops_cache[N] = result
    return result


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


@functools.lru_cache(maxsize=128)
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    pass
