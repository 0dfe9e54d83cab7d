import numpy as np

# N is given in billions of parameters, like the slider in the lesson ("parameters (billions) 7")


def prefill_flops(N, P):
    return 2 * (N * 1e9) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization should be in (0,1]")
    flops = 2.0 * N * P
    return flops / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    return np.tri(P, dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    step = np.zeros_like(Y)
    for i in range(X.shape[0]):
        # everything seen so far, then the matrix
        step[i] = X[: i + 1].sum(axis=0) @ W
    return bool(np.max(np.abs(at_once - step)) < 1e-9)
