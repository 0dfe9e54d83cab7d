import numpy as np


def prefill_flops(N, P):
    # parameters and tokens are whole things
    N, P = int(N), int(P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    try:
        u = float(utilization)
    except (TypeError, ValueError):
        raise ValueError("utilization must be a number")
    if u != u or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * u)


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    rows = np.arange(1, P + 1).reshape(-1, 1)   # token numbers 1..P
    cols = np.arange(1, P + 1).reshape(1, -1)
    return cols < rows


def prefill_matches_sequential(X, W):
    Y = X @ W
    P, d = Y.shape
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros((P, d))
    running = np.zeros(d, dtype=int)
    for t in range(P):
        running += Y[t]
        sequential[t] = running
    return np.allclose(parallel, sequential)
