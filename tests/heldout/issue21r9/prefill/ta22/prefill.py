import numpy as np


def prefill_flops(N, P):
    # one multiply + one add per parameter per token
    flops = 0
    for op in ("multiply", "add"):
        flops += N * P
    return flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization can't be above 100 %")
    if utilization <= 0:
        return float("inf")  # GPU doing nothing: it never finishes
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    from math import comb
    return comb(P + 1, 2)


def causal_mask(P):
    return np.tril(np.ones((P, P)))


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = Y
    for i in range(1, len(sequential)):
        sequential[i] = sequential[i - 1] + sequential[i]
    parallel = np.cumsum(Y, axis=0)
    return bool(np.allclose(parallel, sequential))
