import numpy as np


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not isinstance(utilization, float) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be a float in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return np.int64(P) * np.int64(P + 1) // 2


def causal_mask(P):
    return np.tri(P)


def prefill_matches_sequential(X, W):
    Y = W @ X
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for k in range(Y.shape[0]):
        run += Y[k]
        seq[k] = run
    return bool(np.allclose(par, seq))
