import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: every parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the delivered rate peak * utilization."""
    if not (0 < utilization <= 1):  # also false for NaN
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Number of (token, earlier-or-same token) pairs: 1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P):
    """(P, P) boolean mask, True where column <= row."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, all at once vs one position at a time."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    # one position at a time: keep a running sum of the prompt vectors
    # and project it with W at every step
    P, d = X.shape
    sequential = np.empty_like(parallel)
    running = np.zeros(d)
    for t in range(P):
        running = running + X[t]
        sequential[t] = running @ W

    return bool(np.array_equal(parallel, sequential))
