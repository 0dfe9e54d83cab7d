import numpy as np

# GPU settings, remembered between calls so the utilization only has to be given once
_gpu = {"utilization": 1.0}


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=None):
    if utilization is None:
        utilization = _gpu["utilization"]
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    _gpu["utilization"] = utilization
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) >> 1


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    rows, cols = np.tril_indices(P)
    m[rows, cols] = True
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        if i == 0:
            seq[i] = Y[i]
        else:
            seq[i] = Y[i] + Y[i - 1]     # add what came before
    return bool(np.allclose(par, seq))
