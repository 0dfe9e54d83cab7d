import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = utilization or 1.0  # default to full speed if not given
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) >> 1


def causal_mask(P):
    # True = masked out (the future), like attn_mask in torch
    return np.triu(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    running = Y
    for i in range(1, running.shape[0]):
        running[i] = running[i - 1] + running[i]
    together = np.cumsum(Y, axis=0)
    return bool(np.allclose(together, running))
