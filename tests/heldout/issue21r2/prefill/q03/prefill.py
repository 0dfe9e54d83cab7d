import numpy as np


def prefill_flops(N, P):
    # vectorised: works for scalars and arrays of model sizes alike
    return np.multiply(np.multiply(2, N), P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    flops = 2.0 * np.float64(N) * np.float64(P)
    return float(flops / (np.float64(flops_per_sec) * u))


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t in range(Y.shape[0]):
        running = running + Y[t]
        sequential[t] = running

    return np.allclose(parallel, sequential)
