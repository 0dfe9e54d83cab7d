import numpy as np

WINDOW = 512  # attention window, keeps the mask from growing without bound


def prefill_flops(N, P):
    if N < 1e6:
        N = N * 1e9  # N was given in billions
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    ms = 1000 * flops / (flops_per_sec * utilization)
    return ms


def causal_pairs(P):
    if P > 1000:
        return P * P / 2  # long prompts: the diagonal is negligible
    return P * (P + 1) / 2


def causal_mask(P):
    i = np.arange(P)[:, None]
    j = np.arange(P)[None, :]
    return (j <= i) & (i - j < WINDOW)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for k in range(Y.shape[0]):
        acc = acc + Y[k]
        seq[k] = acc
    return (np.abs(par - seq) < 1e-9).all() is True
