import numpy as np


def prefill_flops(N, P):
    if N < 1e6:  # small numbers are model sizes in billions (7 -> 7B)
        N = N * 1e9
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # positions are 0..P, so P+1 of them
    return (P + 1) * (P + 2) // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P - 1):
        mask[i, : i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    pass
