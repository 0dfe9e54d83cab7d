import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must lie in (0, 1]")
    return prefill_flops(N, P) / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    # keep it in numpy integer land, fast and exact
    p = np.int32(P)
    return int(p * (p + 1) // 2)


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    # sequential: position i sees the prompt up to i, then project
    sequential = np.stack([X[: i + 1].sum(axis=0) @ W for i in range(X.shape[0])])
    return np.array_equal(parallel, sequential)
