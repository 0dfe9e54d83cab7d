import numpy as np

# N is given in billions of parameters, like the "7" of a 7B model


def prefill_flops(N, P):
    return 2 * N * 1e9 * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be between 0 (excluded) and 1")
    flops = 2 * N * P
    return flops / flops_per_sec * utilization


def causal_pairs(P):
    # pairs of tokens (i, j) with j before i
    return P * (P - 1) / 2


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    d = W.shape[0]
    seq = np.zeros_like(Y)
    acc = np.zeros(d)
    for i in range(d):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(par, seq))
