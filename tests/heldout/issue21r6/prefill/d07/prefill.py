import numpy as np
from functools import lru_cache


def prefill_flops(N, P):
    vals = np.array([N, P], dtype=np.int32)
    return 2 * np.prod(vals)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(np.tril(np.ones((P, P), dtype=np.int8)).sum())


@lru_cache(maxsize=None)
def causal_mask(P):
    # cached: the mask only depends on P
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    # sequential: accumulate the prompt vectors row by row, then project
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    seq = X @ W
    return np.allclose(par, seq)
