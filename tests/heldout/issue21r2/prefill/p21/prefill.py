import numpy as np

TERA = 1e12


def prefill_flops(N, P):
    # in TFLOPs, easier to read than 1.4e13
    return 2 * N * P / TERA


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    # GPUs never hit their peak: the lesson uses 0.5
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    n = 0
    for row in range(P):
        n += row + 1
    return n


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    running = np.zeros(Y.shape[1])
    for row in Y:
        running = running + row
        sequential.append(running)
    return np.allclose(parallel, np.array(sequential))
