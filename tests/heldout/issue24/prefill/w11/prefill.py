import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    """N is the model size in billions of parameters (7 for a 7B model)."""
    return 2 * (N * BILLION) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / flops_per_sec * utilization


def causal_pairs(P):
    return (P * P + P) // 2


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0) if i == 0 else sequential[i - 1] + Y[i]
    return bool(np.allclose(parallel, sequential))
