import numpy as np


def prefill_flops(N, P):
    # 2 FLOPs (mul + add) per parameter per token; int64 so big models don't lose precision
    return np.multiply(np.multiply(2, N, dtype=np.int64), P, dtype=np.int64)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return np.float64(2.0) * N * P / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    # count the True entries of the lower triangle
    return int(np.tril(np.ones((P, P))).sum())


def causal_mask(P):
    return np.tri(P, P, k=0, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        seq[t] = acc
    return bool(np.allclose(par, seq))
