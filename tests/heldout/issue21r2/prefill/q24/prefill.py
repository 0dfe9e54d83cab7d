import math
import numpy as np

CONTEXT_WINDOW = 4096


def prefill_flops(N, P):
    # the model can't read more than its context window
    P = min(P, CONTEXT_WINDOW)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if math.isnan(u) or u <= 0.0 or u > 1.0:
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * u)


def causal_pairs(P):
    return P * (P + 1) / 2.0


def causal_mask(P):
    mask = np.tril(np.ones((P, P), dtype=bool))
    return mask.tolist()


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    try:
        np.testing.assert_allclose(parallel, sequential)
    except AssertionError:
        return False
    return True
