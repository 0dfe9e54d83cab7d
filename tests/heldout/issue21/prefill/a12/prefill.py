import numpy as np


def prefill_flops(N, P):
    # FLOPs are a count of operations, so a whole number
    return int(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) // (flops_per_sec * utilization)


def causal_pairs(P):
    return P // 2 * (P + 1)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    alone = np.zeros_like(Y)
    s = np.zeros_like(Y[0]) if len(Y) else None
    for p in range(len(Y)):
        s = s + Y[p]
        alone[p] = s
    return bool(np.allclose(together, alone))
