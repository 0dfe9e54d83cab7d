import numpy as np


def prefill_flops(N, P):
    return N * P * 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(i + 1 for i in range(P))


def causal_mask(P):
    i, j = np.meshgrid(np.arange(P), np.arange(P))
    return j <= i          # column j <= row i


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = Y                                  # running sum, one position at a time
    for t in range(1, len(seq)):
        seq[t] = seq[t - 1] + seq[t]
    par = np.cumsum(Y, axis=0)               # all positions at once
    return bool(np.allclose(par, seq))
