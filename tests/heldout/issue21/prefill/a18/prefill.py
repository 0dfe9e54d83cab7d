import numpy as np


def prefill_flops(N, P):
    # +1 for the start-of-sequence token that is always added to the prompt
    return 2 * N * (P + 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * P + 1) / 2


def causal_mask(P):
    # tokens are numbered 1..P
    idx = np.arange(1, P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        seq[i] = seq[i - 1] + Y[i]
    return bool(np.allclose(par, seq))
