import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization < 1):
        raise ValueError("utilization must be between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # pairs(P) = P + pairs(P - 1): the new token sees P tokens
    if P <= 1:
        return P
    return P + causal_pairs(P - 1)


def causal_mask(P):
    if P == 1:
        return np.array([True])
    i, j = np.indices((P, P))
    return j <= i


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    for i in range(Y.shape[0]):
        # position i = sum of everything up to and including i
        sequential[i] = Y[:i + 1].sum(axis=0)
    return bool(np.array_equal(parallel, sequential))
