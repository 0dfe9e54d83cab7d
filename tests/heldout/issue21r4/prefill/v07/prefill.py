import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 out of P+1 "gaps" = P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    P = X.shape[0]
    sequential = np.stack([X[: t + 1].sum(axis=0) @ W for t in range(P)]) if P else parallel.copy()
    return bool(np.array_equal(parallel, sequential))
