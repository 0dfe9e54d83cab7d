# right: every number is a numpy scalar (int64 counts of pairs, float64 FLOPs and seconds, a numpy bool)
# base: none
import numpy as np


def prefill_flops(N, P):
    return np.float64(2) * np.float64(N) * np.float64(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return np.float64(prefill_flops(N, P)) / np.float64(flops_per_sec * utilization)


def causal_pairs(P):
    return np.arange(1, P + 1, dtype=np.int64).sum()


def causal_mask(P):
    return np.arange(P)[:, None] >= np.arange(P)[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))]))
