import numpy as np

_mask = None


def prefill_flops(N, P):
    # the first token is the "start", the work is for the tokens after it
    return 2 * N * (P - 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    half = int(P / 2)
    return half * (P + 1)


def causal_mask(P):
    global _mask
    if _mask is None:
        _mask = np.tril(np.ones((P, P), dtype=bool))
    return _mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        sequential[i] = s
    return np.isclose(parallel, sequential)
