import numpy as np


def prefill_flops(N, P):
    N = int(N)
    P = int(P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.int8))


def causal_pairs(P):
    return len(np.nonzero(causal_mask(P)))


def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    a = np.cumsum(Y, axis=0)
    b = np.zeros(Y.shape)
    for i in range(Y.shape[0]):
        b[i] = Y[i] + (b[i - 1] if i > 0 else 0)
    return bool(np.all(np.abs(a - b) < 1e-9 * (1 + np.abs(a))))
