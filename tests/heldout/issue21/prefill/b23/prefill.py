import numpy as np


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    m[np.tril_indices(P)] = True
    return m


def causal_pairs(P):
    return int(causal_mask(P).sum())


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1], dtype=np.float32)  # save memory
    for t in range(Y.shape[0]):
        acc += Y[t]
        seq[t] = acc
    return bool(np.allclose(par, seq))
