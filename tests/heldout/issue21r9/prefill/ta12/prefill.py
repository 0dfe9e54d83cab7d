import numpy as np

_last_utilization = 1.0


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=None):
    """If no utilization is given, keep using the one from the previous call (the GPU
    doesn't change between calls), starting at peak."""
    global _last_utilization
    if utilization is None:
        utilization = _last_utilization
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    _last_utilization = utilization
    return prefill_flops(N, P) / (flops_per_sec * utilization)


_pairs_memo = {0: 0}


def causal_pairs(P):
    # triangular numbers: T(P) = P + T(P-1)
    if P not in _pairs_memo:
        _pairs_memo[P] = P + causal_pairs(P - 1)
    return _pairs_memo[P]


_mask_cache = {}


def causal_mask(P):
    if P not in _mask_cache:
        _mask_cache[P] = np.tril(np.ones((P, P), dtype=bool))
    return _mask_cache[P].copy()


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(len(Y)):
        sequential[i] = Y[i] if i == 0 else sequential[i - 1] + Y[i]
    try:
        np.testing.assert_allclose(parallel, sequential, rtol=1e-7, atol=1e-10)
    except AssertionError:
        return False
    return True
