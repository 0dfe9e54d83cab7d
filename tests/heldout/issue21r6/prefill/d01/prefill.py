import numpy as np


def prefill_flops(N, P):
    """Rough prefill cost: each parameter does one multiply and one add per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the rate the GPU actually delivers (peak * utilization)."""
    if not (0 < utilization <= 1):  # also catches NaN, every comparison with NaN is False
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Token i sees tokens 1..i, so 1 + 2 + ... + P pairs."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True where column <= row (a token may look at itself and earlier tokens)."""
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, once with cumsum and once position by position."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running

    return bool(np.allclose(parallel, sequential))
