import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # written as "not (0 < u <= 1)" so that NaN also ends up in the error branch
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W                      # new array, X and W untouched
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
