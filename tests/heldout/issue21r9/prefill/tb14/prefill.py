import numpy as np


def prefill_flops(N, P):
    # report in TFLOPs, raw FLOP counts are unreadable
    return 2 * N * P / 1e12


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P * u / flops_per_sec


def causal_pairs(P):
    return int(np.tri(P).sum())


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y).reshape(Y.shape)
    seq = np.vstack([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return bool(np.allclose(par, seq))
