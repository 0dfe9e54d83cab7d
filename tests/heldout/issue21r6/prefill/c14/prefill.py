import numpy as np


def prefill_flops(N, P):
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.clip(utilization, 0.0, 1.0)  # keep it a valid fraction
    flops = 2.0 * N * P
    return flops / (flops_per_sec * u)


def causal_pairs(P):
    n = np.int32(P)
    return n * (n + 1) // 2


def causal_mask(P):
    i, j = np.indices((P, P))
    return (j <= i).astype(np.uint8)


def prefill_matches_sequential(X, W):
    # float32 matmul is faster on GPU-like hardware
    XW = X.astype(np.float32) @ W.astype(np.float32)
    par = np.cumsum(XW, axis=0)
    seq = np.zeros(XW.shape, dtype=np.float64)
    run = np.zeros(XW.shape[1], dtype=np.float64)
    for p in range(XW.shape[0]):
        run += XW[p]
        seq[p] = run
    return bool(np.allclose(par, seq))
