import numpy as np


def prefill_flops(N, P):
    """FLOPs for prefill ~ 2*N*P"""
    result = 2 * N * P
    return result


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """time = flops / (peak * utilization)"""
    if utilization > 1:
        raise ValueError("utilization cannot exceed 1")
    if utilization <= 0:
        raise ValueError("utilization must be positive")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    """True where the token may attend."""
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    # same additions in the same order -> should be bit-identical
    return (par == seq).all()
