import numpy as np


def prefill_flops(N, P):
    return 2 * np.asarray(N, dtype=float) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # keep utilization in the valid range
    u = float(np.clip(utilization, 1e-6, 1.0))
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    # half of the P x P grid plus half of the diagonal
    return P**2 // 2 + P // 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] <= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y).reshape(Y.shape)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0)
    return bool(np.allclose(parallel, sequential))
