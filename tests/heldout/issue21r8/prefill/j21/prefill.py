import numpy as np


def prefill_flops(N, P):
    return 2.0 * float(N) * float(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in a sensible range instead of crashing
    utilization = min(max(utilization, 1e-6), 1.0)
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P // 2) * (P + 1)


def causal_mask(P):
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    # scale W first so big inputs don't overflow
    norm = np.linalg.norm(W)
    if norm > 0:
        W /= norm
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
