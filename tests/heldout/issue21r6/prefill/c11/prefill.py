import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    # N is the model size in billions of parameters (7 for a 7B model)
    return 2 * N * BILLION * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return seconds * 1000  # in ms, easier to read


def causal_pairs(P):
    return (P**2 + P) / 2


def causal_mask(P):
    return np.greater_equal.outer(np.arange(P), np.arange(P))


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=1)
    loop = np.zeros_like(Y)
    total = np.zeros_like(Y[0])
    for i in range(len(Y)):
        total = total + Y[i]
        loop[i] = total
    return bool(np.allclose(at_once, loop))
