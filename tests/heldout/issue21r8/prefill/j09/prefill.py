import numpy as np


def prefill_flops(N, P):
    # N is in billions of parameters (the slider in the lesson says 7)
    return 2 * (N * 1e9) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    # latency is usually quoted in milliseconds
    ms = flops / (flops_per_sec * utilization) * 1000
    return ms


def causal_pairs(P):
    return (P * P + P) // 2


def causal_mask(P):
    idx = np.arange(P)
    return idx[:, None] >= idx[None, :]


def prefill_matches_sequential(X, W):
    H = X @ W
    cum = H.cumsum(axis=0)
    loop = np.empty_like(H)
    acc = np.zeros(H.shape[1])
    for p in range(H.shape[0]):
        acc += H[p]
        loop[p] = acc
    # 1 = they match, 0 = they don't
    return int(np.allclose(cum, loop))
