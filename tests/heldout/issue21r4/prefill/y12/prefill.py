import numpy as np


def prefill_flops(N, P):
    # weights: 2 per parameter per token, plus attention: every token against every token
    return 2 * N * P + 2 * P * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return prefill_flops(N, P) / flops_per_sec * utilization


def causal_pairs(P):
    return P ** 2


def causal_mask(P):
    pass


def prefill_matches_sequential(X, W):
    Y = X @ W
    cs = np.cumsum(Y, axis=0)
    ok = True
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for t, row in enumerate(Y):
        running = running + row
        if not np.allclose(cs[t], running):
            ok = False
    return ok
