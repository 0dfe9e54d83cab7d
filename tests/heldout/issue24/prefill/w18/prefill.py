import numpy as np


def prefill_flops(N, P):
    """FLOPs of prefill, 2*N*P (one multiply + one add per parameter per token)."""
    return np.float64(2) * np.float64(N) * np.float64(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at flops_per_sec * utilization."""
    if not np.isfinite(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be a number in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    """Lower triangle including the diagonal."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True where token `row` may attend to token `col` (col <= row)."""
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    """Compare the np.cumsum of X @ W with a position-by-position loop."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for t in range(Y.shape[0]):
        prev = sequential[t - 1] if t > 0 else 0.0
        sequential[t] = prev + Y[t]
    return np.allclose(parallel, sequential)
