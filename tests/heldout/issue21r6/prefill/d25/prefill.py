import numpy as np

_MASK = np.tril(np.ones((2048, 2048), dtype=bool))  # build once, reuse


def prefill_flops(N, P):
    return np.prod([2.0, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not np.isfinite(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    return _MASK[:P, :P]


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0, out=Y)
    seq = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        acc = acc + Y[t]
        seq[t] = acc
    return bool(np.allclose(par, seq))
