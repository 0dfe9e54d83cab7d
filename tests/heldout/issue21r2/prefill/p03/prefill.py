import numpy as np


def prefill_flops(N, P):
    # 2 * N * P as a product of the three factors
    return np.prod(np.array([2, N, P]))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * u)


def causal_pairs(P):
    return float(P) * (P + 1) / 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    par = np.cumsum(Y, axis=0)
    seq = np.stack([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return np.allclose(par, seq)
