import numpy as np


def prefill_flops(N, P):
    # 2 FLOPs per parameter per token
    return np.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    effective = np.float64(flops_per_sec) * u
    return np.float64(2.0) * N * P / effective


def causal_pairs(P):
    P = np.int32(P)
    return int(P * (P + 1) // 2)


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for t in range(Y.shape[0]):
        seq[t] = Y[t] if t == 0 else seq[t - 1] + Y[t]
    return np.allclose(par, seq)
