import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the delivered rate flops_per_sec * utilization."""
    # written this way round so that NaN is refused too (every comparison with NaN is False)
    if not (0 < utilization <= 1):
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Number of (token, earlier-or-same token) pairs: the triangular number P(P+1)/2."""
    return P * (P + 1) // 2


def causal_mask(P):
    """(P, P) bool mask, True where column <= row."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, all at once vs one position at a time."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
