import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):  # also False for NaN
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * (P + 1)) / 2


def causal_mask(P):
    pos = np.arange(P)
    return pos[:, None] >= pos


def prefill_matches_sequential(X, W):
    XW = X @ W
    cumsum_version = np.cumsum(XW, axis=0)
    loop_version = np.empty_like(XW)
    running = np.zeros(XW.shape[1], dtype=XW.dtype)
    for i in range(len(XW)):
        running = running + XW[i]
        loop_version[i] = running
    return np.allclose(cumsum_version, loop_version)
