import numpy as np


def prefill_flops(N, P):
    # every prompt token costs 2 FLOPs per parameter
    total = 0
    for _ in range(P):
        total += 2 * N
    return total


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization:  # NaN is the only value not equal to itself
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    count = 0
    for i in range(1, P + 1):
        count += i  # token i sees tokens 1..i
    return count


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    for r in range(P):
        for c in range(r + 1):
            m[r, c] = True
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    cum = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(1, len(Y)):
        seq[i] = seq[i - 1] + Y[i]
    return np.allclose(cum, seq)
