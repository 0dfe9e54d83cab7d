import numpy as np

_flops_cache = {}


def prefill_flops(N, P):
    # same model -> same cost, so remember it
    if N not in _flops_cache:
        _flops_cache[N] = 2 * N * P
    return _flops_cache[N]


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return round(seconds, 2)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    flat = np.array([], dtype=bool)
    for i in range(P):
        for j in range(P):
            flat = np.append(flat, j <= i)
    return flat.reshape(P, P)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = Y[0].copy()
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        running = running + Y[i]
        seq[i] = running
    return np.allclose(parallel, seq)
