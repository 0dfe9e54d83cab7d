import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"   # same format as the lesson: 1.40e+13


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    # token i attends to tokens 1..i
    pairs = [(i, j) for i in range(1, P + 1) for j in range(1, i + 1)]
    return pairs


def causal_mask(P):
    return np.array([[col <= row for col in range(P)] for row in range(P)], dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_at_a_time = np.zeros_like(Y)
    acc = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i]
        one_at_a_time[i] = acc
    return np.allclose(all_at_once, one_at_a_time)
