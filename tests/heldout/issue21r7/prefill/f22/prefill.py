import numpy as np


def prefill_flops(N, P):
    return f"{2 * N * P:.2e}"


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise Exception("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P * (P + 1)) // 2 if P > 0 else 0


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    pass
