import numpy as np

# small caches so repeated calls are free
_flops_cache = {}
_mask_cache = {}


def prefill_flops(N, P):
    if N in _flops_cache:
        return _flops_cache[N]
    result = 2 * N * P
    _flops_cache[N] = result
    return result


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return (2 * N * P) / effective


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    if P not in _mask_cache:
        _mask_cache[P] = np.tril(np.ones((P, P), dtype=bool))
    return _mask_cache[P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    batched = np.cumsum(Y, axis=0)
    stepwise = np.empty_like(Y)
    stepwise[0] = Y[0]
    for t in range(1, Y.shape[0]):
        stepwise[t] = stepwise[t - 1] + Y[t]
    return np.allclose(batched, stepwise)
