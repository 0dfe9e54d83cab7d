import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # utilization is sometimes given in percent (e.g. 50 for 50 %)
    if utilization > 1:
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P < 2:
        return 0  # a single token has nothing to pair with
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.uint8)).astype(bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    n = W.shape[0]
    sequential = np.zeros((n, Y.shape[1]))
    s = np.zeros(Y.shape[1])
    for i in range(n):
        s = s + Y[i]
        sequential[i] = s

    return np.allclose(parallel, sequential)
