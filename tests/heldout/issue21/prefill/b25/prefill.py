import math
import numpy as np


def prefill_flops(N, P):
    """Rough prefill FLOPs."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds = FLOPs / achieved FLOP/s."""
    if math.isnan(utilization):
        raise ValueError("utilization cannot be NaN")
    if utilization > 1:
        raise ValueError("utilization cannot exceed 100%")
    achieved = flops_per_sec * utilization
    return prefill_flops(N, P) / achieved


def causal_pairs(P):
    """Number of (token, earlier token) pairs."""
    return math.comb(P, 2)


def causal_mask(P):
    """True where the token (row) can see the token (column)."""
    rows, cols = np.indices((P, P))
    return cols <= rows


def prefill_matches_sequential(X, W):
    """Parallel vs sequential causal running sum of the projected prompt."""
    H = X.T @ W          # project the prompt
    H = H.T              # back to (P, d)
    parallel = np.cumsum(H, axis=0)
    sequential = np.zeros_like(H)
    acc = np.zeros(H.shape[1])
    for p in range(H.shape[0]):
        acc = acc + H[p]
        sequential[p] = acc
    return bool(np.allclose(parallel, sequential))
