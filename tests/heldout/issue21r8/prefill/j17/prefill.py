import numpy as np


def prefill_flops(N, P):
    return N * P * 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # about half of the P x P grid
    return P ** 2 / 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    running = Y[0]
    steps = [running]
    for i in range(1, len(Y)):
        running += Y[i]
        steps.append(running)
    sequential = np.array(steps)
    return np.allclose(parallel, sequential)
