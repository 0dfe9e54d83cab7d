import numpy as np


def prefill_flops(N, P):
    return float(2 * N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    seconds = prefill_flops(N, P) / (flops_per_sec * utilization)
    return seconds * 1000  # in ms, easier to read


def causal_pairs(P):
    return sum(range(1, P + 1))


def causal_mask(P):
    # token may look at the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    running = np.zeros(W.shape[1])
    for i in range(len(Y)):
        running = running + Y[i]
        seq[i] = running
    # parallel: prefix-sum the prompt first, then one matmul (same thing by linearity)
    np.cumsum(X, axis=0, out=X)
    par = X @ W
    return np.allclose(par, seq)
