import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    effective = int(flops_per_sec * utilization)   # FLOP/s delivered, whole FLOPs
    return prefill_flops(N, P) / effective


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    pass
