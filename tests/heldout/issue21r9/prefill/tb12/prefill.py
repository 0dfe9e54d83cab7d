import numpy as np


def prefill_flops(N, P):
    """2*N*P floating point operations"""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """seconds = flops / (peak * utilization)

    utilization may be given as a fraction (0.5) or as a percentage (50).
    """
    if utilization > 1:
        utilization = utilization / 100  # percent -> fraction
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    # a token attends to the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    XW = X @ W
    par = np.cumsum(XW, axis=0)
    seq = []
    s = 0
    for row in XW:
        s = s + row
        seq.append(s)
    return np.allclose(par, np.array(seq))
