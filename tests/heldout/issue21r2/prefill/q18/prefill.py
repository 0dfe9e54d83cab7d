import numpy as np


def prefill_flops(N, P):
    # float32 like on the GPU
    return np.float32(2) * np.float32(N) * np.float32(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = float(np.clip(utilization, 1e-6, 1.0))
    flops = 2.0 * np.float64(N) * np.float64(P)
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    return np.float64(P) * (P + 1) / 2


def causal_mask(P):
    return np.tri(P)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):
        run = run + Y[p]
        sequential[p] = run
    return np.isclose(parallel, sequential)
