import numpy as np


def prefill_flops(N, P):
    if N < 0 or P < 0:
        raise ValueError("N and P can't be negative")
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    # GPUs rarely get near peak on real work; 0.5 is the typical figure from the lesson
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * P + P) / 2


def causal_mask(P):
    mask = np.ones((P, P), dtype=np.bool_)
    mask[np.triu_indices(P, k=1)] = False
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
