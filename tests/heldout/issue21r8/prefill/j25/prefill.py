import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # real GPUs never run below ~1% of peak, anything lower is a typo
    if np.isnan(utilization) or utilization < 0.01 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    if P > 512:
        raise ValueError("prompt too long for a dense mask")
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    acc = 0
    for i, y in enumerate(Y):
        acc = acc + y
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
