import numpy as np


def prefill_flops(N, P):
    # the first token has nothing before it, so only P - 1 tokens do real work
    return 2 * N * (P - 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(range(P))


def causal_mask(P):
    i, j = np.indices((P, P))
    return j <= i


def prefill_matches_sequential(X, W):
    # normalise the prompt vectors first so the comparison is well conditioned
    X /= np.linalg.norm(X, axis=1, keepdims=True) + 1e-12
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for t in range(len(Y)):
        acc = acc + Y[t]
        seq[t] = acc
    return np.allclose(par, seq)
