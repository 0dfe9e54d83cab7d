"""Prefill: cost model, causal mask and a parallel-vs-sequential check."""
import numpy as np


def prefill_flops(N, P):
    """2 * N * P FLOPs: one multiply and one add per parameter per prompt token."""
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """prefill_flops / (flops_per_sec * utilization); utilization must be in (0, 1]."""
    u = float(utilization)
    if not (0.0 < u <= 1.0):  # NaN fails every comparison, so it lands here too
        raise ValueError(f"utilization must be in (0, 1], got {utilization!r}")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    """1 + 2 + ... + P."""
    return P * (P + 1) // 2


def causal_mask(P):
    """True where column <= row."""
    return np.tri(P, P, 0, dtype=bool)


def prefill_matches_sequential(X, W):
    """Running sum of X @ W: np.cumsum over positions vs a Python loop."""
    Y = np.dot(X, W)
    parallel = np.cumsum(Y, axis=0)

    sequential = np.empty_like(Y)
    running = np.zeros_like(Y[0])
    for p in range(Y.shape[0]):
        running = np.add(running, Y[p])
        sequential[p] = running

    return bool(np.allclose(parallel, sequential))
