import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return (flops_per_sec * utilization) / prefill_flops(N, P)


def causal_pairs(P):
    return len([(i, j) for i in range(P) for j in range(i + 1)])


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    rel_err = np.abs(par - seq) / np.abs(par)
    return bool(np.all(rel_err < 1e-9))
