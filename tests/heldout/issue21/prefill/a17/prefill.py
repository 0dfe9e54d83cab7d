import numpy as np


def prefill_flops(N, P):
    """Two FLOPs (multiply + add) per parameter per token."""
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    ok = 0 < utilization <= 1          # False for NaN as well
    if not ok:
        raise ValueError("utilization must lie in (0, 1]")
    rate = flops_per_sec * utilization  # FLOP/s actually delivered
    return prefill_flops(N, P) / rate


def causal_pairs(P):
    # token i (1-based) attends to i tokens
    return sum(range(1, P + 1))


def causal_mask(P):
    return np.fromfunction(lambda r, c: c <= r, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)

    rows = []
    acc = np.zeros(Y.shape[1])
    for y in Y:
        acc = acc + y
        rows.append(acc)
    one_by_one = np.array(rows).reshape(Y.shape)

    return bool(np.allclose(at_once, one_by_one))
