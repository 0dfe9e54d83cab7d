import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    # N is the model size in billions of parameters (like the 7 in the lesson)
    return 2 * N * BILLION * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization:  # NaN check
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 1:
        return 0  # a single token has nothing to look at
    return P * (P + 1) / 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y, axis=0)
    slow = np.zeros(Y.shape)
    for i in range(len(Y)):
        if i == 0:
            slow[i] = Y[i]
        else:
            slow[i] = slow[i - 1] + Y[i]
    return np.allclose(fast, slow)
