import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    """utilization defaults to the lesson's 0.5"""
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # tokens are 0..P, token i sees i+1 tokens
    return (P + 1) * (P + 2) / 2


def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(bool)


def prefill_matches_sequential(X, W):
    if X.shape[0] != W.shape[0]:
        return False  # shapes don't fit
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros_like(Y)
    total = 0
    for i in range(len(Y)):
        total = total + Y[i]
        b[i] = total
    return bool(np.allclose(a, b))
