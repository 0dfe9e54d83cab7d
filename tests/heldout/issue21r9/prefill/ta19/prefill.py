import numpy as np

# a model's cost only depends on its size, so remember it per model
_flops_cache = {}


def prefill_flops(N, P):
    if N in _flops_cache:
        return _flops_cache[N]
    flops = 2 * N * P
    _flops_cache[N] = flops
    return flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    effective_rate = flops_per_sec * utilization
    return (2 * N * P) / effective_rate


def causal_pairs(P):
    n = int(P)
    return n * (n + 1) // 2


_masks = {}


def causal_mask(P):
    # building big masks is expensive, build each size once
    if P not in _masks:
        _masks[P] = np.tril(np.ones((P, P), dtype=bool))
    return _masks[P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    running = Y[0]
    sequential = [running.copy()]
    for i in range(1, Y.shape[0]):
        running += Y[i]
        sequential.append(running.copy())
    sequential = np.vstack(sequential)
    parallel = np.cumsum(Y, axis=0)
    return bool(np.allclose(parallel, sequential))
