import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    try:
        u = float(utilization)
    except (TypeError, ValueError):
        raise ValueError("utilization must be a number")
    if u != u or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * u)


def causal_pairs(P):
    # positions 0..P, choose 2 with repetition
    return (P + 1) * (P + 2) // 2


def causal_mask(P):
    return np.tril(np.ones(P, dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        sequential[i] = s
    return np.isclose(parallel, sequential)
