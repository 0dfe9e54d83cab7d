import numpy as np


def prefill_flops(N, P):
    return np.float64(2) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)
    return round(float(seconds), 3)


def causal_pairs(P):
    p = np.float32(P)
    return p * (p + 1) / 2


def causal_mask(P):
    # row i of cumsum(eye) has ones in columns 0..i
    return np.cumsum(np.eye(P, dtype=np.float32), axis=0).astype(bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    # float32 is what GPUs use anyway
    par = np.cumsum(Y, axis=0, dtype=np.float32)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return np.allclose(par, seq)
