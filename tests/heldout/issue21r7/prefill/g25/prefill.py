import numpy as np


def prefill_flops(N, P):
    counts = np.array([N, P], dtype=np.int64)   # parameters and tokens are counts
    return 2 * int(counts.prod())


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if not (0.0 < u <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (float(flops_per_sec) * u)


def causal_pairs(P):
    # 1 + 2 + ... + P without a P x P array
    return int(np.arange(1, P + 1, dtype=np.int64).sum())


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.uint8))


def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    vectorised = Y.cumsum(axis=0)
    looped = np.empty_like(Y)
    acc = np.zeros_like(Y[0]) if len(Y) else None
    for i in range(len(Y)):
        acc = acc + Y[i]
        looped[i] = acc
    return bool(np.allclose(vectorised, looped))
