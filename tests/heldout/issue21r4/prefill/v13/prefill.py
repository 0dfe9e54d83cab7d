import numpy as np


def prefill_flops(N, P):
    # keep everything in numpy ints so big models don't lose precision
    n, p = np.array([N, P], dtype=np.int64)
    return 2 * n * p


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must lie in (0, 1]")
    return np.float64(2.0) * N * P / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    p = np.int32(P)
    return p * (p + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.int8))


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    par = np.cumsum(Y, axis=1)
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
