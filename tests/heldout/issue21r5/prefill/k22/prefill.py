import numpy as np


def prefill_flops(N, P):
    # a FLOP count is a whole number
    return round(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        raise ValueError("utilization cannot be more than 100%")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(causal_mask(P).sum())


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for i in range(len(Y)):
        acc = acc + Y[i]
        seq[i] = acc
    return all(par == seq)
