import numpy as np


def prefill_flops(N, P):
    return np.float64(2.0) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or not (0.0 < u <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (np.float64(flops_per_sec) * u)


def causal_pairs(P):
    return np.int64(P) * (P + 1) // 2 if P < 3_000_000_000 else P * (P + 1) // 2


def causal_mask(P):
    mask = np.ones((P, P), dtype=bool)
    mask[np.triu_indices(P)] = False   # kill everything above the diagonal
    return mask


def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    # parallel in single precision (that's what GPUs do anyway)
    par = np.cumsum(Y, axis=0, dtype=np.float32)
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for i, row in enumerate(Y):
        acc = acc + row
        seq[i] = acc
    return np.array_equal(par, seq)
