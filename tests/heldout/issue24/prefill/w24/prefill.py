import numpy as np

TERA = 1e12


def prefill_flops(N, P):
    # in TFLOPs, easier to read
    return 2 * N * P / TERA


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) * 0.5


def causal_mask(P):
    return np.tri(P, P, 0, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    run = np.zeros(Y.shape[0])
    for j in range(Y.shape[1]):
        run = run + Y[:, j]
        sequential[:, j] = run
    return bool(np.allclose(parallel, sequential))
