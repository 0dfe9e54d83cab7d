import numpy as np


def prefill_flops(N, P):
    return np.float64(N) * np.float64(P) * 2.0


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    # count the ones of the lower triangle (int8 to keep it small)
    return int(np.tril(np.ones((P, P), dtype=np.int8)).sum())


def causal_mask(P):
    return np.tri(P, P, 0, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    par = np.cumsum(Y, axis=0)
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        seq[t] = acc
    return np.isclose(par, seq)
