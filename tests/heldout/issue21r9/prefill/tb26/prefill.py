import math

import numpy as np


def prefill_flops(N, P):
    """2·N·P: one multiply and one add per parameter per prompt token."""
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Seconds of prefill at the effective rate flops_per_sec · utilization."""
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    effective_rate = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate


def causal_pairs(P):
    """Pairs (i, j) with j <= i among P tokens: the triangular number P(P+1)/2."""
    return P * (P + 1) / 2


def causal_mask(P):
    """Boolean (P, P) mask, True on and below the diagonal."""
    return np.tril(np.full((P, P), True, dtype=bool))


def prefill_matches_sequential(X, W):
    """Causal running sum of X @ W: cumsum (parallel) vs a loop (sequential)."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros_like(Y[0]) if len(Y) else None
    for t in range(len(Y)):
        running = running + Y[t]
        sequential[t] = running

    return bool(np.isclose(parallel, sequential).all())
