import numpy as np


def prefill_flops(N, P):
    # half precision, like the GPU uses
    return np.float16(2) * np.float16(N) * np.float16(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P ** 2 + P) / 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] > idx[None, :]


def prefill_matches_sequential(X, W):
    Y = np.einsum("pd,de->pe", X, W)
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for p in range(Y.shape[0]):
        seq[p] = Y[p] if p == 0 else seq[p - 1] + Y[p]
    return bool(np.allclose(par, seq))
