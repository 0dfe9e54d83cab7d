import numpy as np

MAX_CONTEXT = 4096


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    P = min(P, MAX_CONTEXT)  # the model cannot look further back than its context window
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P)), dtype=bool)


def prefill_matches_sequential(X, W):
    W /= np.abs(W).max()  # normalise W so the sums stay small
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        s = s + Y[i]
        seq[i] = s
    return bool(np.allclose(par, seq))
