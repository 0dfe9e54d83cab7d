import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=None):
    if utilization is None:
        utilization = 1.0  # no utilization given: the GPU runs at its peak
    elif not 0 < utilization < 1:
        raise ValueError("utilization is a fraction between 0 and 1")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P ** 2 + P) / 2


def causal_mask(P):
    # a token only looks at the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_at_a_time = np.empty_like(Y)
    t = 0
    s = np.zeros(Y.shape[1], dtype=Y.dtype)
    while t < Y.shape[0]:
        s = s + Y[t]
        one_at_a_time[t] = s
        t += 1
    return np.allclose(all_at_once, one_at_a_time)
