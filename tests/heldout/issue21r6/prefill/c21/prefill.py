import numpy as np


def prefill_flops(N, P):
    return round(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1:
        raise ValueError("utilization out of [0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # tokens are numbered 0..P
    return (P + 1) * (P + 2) // 2


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    XW = X @ W
    prefix = np.cumsum(XW, axis=0)
    acc = np.zeros(W.shape[0], dtype=XW.dtype)
    ok = True
    for i in range(X.shape[0]):
        acc = acc + W @ X[i]  # row i of X @ W
        ok = ok and np.allclose(prefix[i], acc)
    return bool(ok)
