import numpy as np


def prefill_flops(N, P):
    """~2 FLOPs (multiply + add) per parameter per prompt token."""
    return 2 * P * N


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Prefill time at the delivered rate flops_per_sec * utilization."""
    if not (utilization > 0 and utilization <= 1):  # also False for NaN
        raise ValueError(f"utilization must be in (0, 1], not {utilization}")
    delivered = flops_per_sec * utilization
    return prefill_flops(N, P) / delivered


def causal_pairs(P):
    """Lower triangle of a P x P grid, diagonal included."""
    return P * (P + 1) / 2.0


def causal_mask(P):
    """mask[row, col] is True when col <= row."""
    pos = np.arange(P)
    return np.greater_equal.outer(pos, pos)


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W, all positions at once vs one at a time."""
    # one position at a time
    seq = np.empty((X.shape[0], W.shape[1]), dtype=np.result_type(X, W))
    running = np.zeros(W.shape[1], dtype=seq.dtype)
    for t in range(X.shape[0]):
        running = running + X[t] @ W
        seq[t] = running
    # all at once: the running sum is linear, so it can be taken on X first
    # (in place, no extra P x d buffer)
    par = np.cumsum(X, axis=0, out=X) @ W
    return bool(np.allclose(par, seq))
