import numpy as np

_last_utilization = 1.0
_mask_cache = None
total = 0


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=None):
    # remember the utilisation of the GPU so later calls can reuse it
    global _last_utilization
    if utilization is None:
        utilization = _last_utilization
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    _last_utilization = utilization
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    global total
    for i in range(1, P + 1):
        total += i
    return total


def causal_mask(P):
    # the mask is the same every time, build it once
    global _mask_cache
    if _mask_cache is None:
        _mask_cache = np.tril(np.ones((P, P), dtype=bool))
    return _mask_cache


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = 0.0
    for i, y in enumerate(Y):
        running = running + y
        sequential[i] = running
    return np.allclose(parallel, sequential)
