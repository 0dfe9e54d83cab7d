import numpy as np


def prefill_flops(N, P):
    # N can be given in billions (7) or as a raw count (7e9)
    if N < 1e6:
        N = N * 1e9
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0 or np.isnan(utilization):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    # the mask is a P x P square and we keep half of it
    return P ** 2 / 2


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    cum = np.cumsum(Y, axis=0)
    loop = np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return np.allclose(cum, loop)
