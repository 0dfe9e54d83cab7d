import math
import numpy as np

_flops_cache = {}
_mask = None


def prefill_flops(N, P):
    # memoise, the same prompt lengths come up again and again
    if P not in _flops_cache:
        _flops_cache[P] = 2 * N * P
    return _flops_cache[P]


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 tokens out of P
    return math.comb(P, 2)


def causal_mask(P):
    global _mask
    if _mask is None:
        _mask = np.tril(np.ones((P, P), dtype=bool))
    return _mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        sequential[i] = running
        running = running + Y[i]
    return bool(np.allclose(parallel, sequential))
