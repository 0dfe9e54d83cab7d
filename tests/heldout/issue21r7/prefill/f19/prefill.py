import numpy as np


def prefill_flops(N, P):
    return 2 * (N * P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1 or utilization <= 0:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / flops_per_sec / utilization


def causal_pairs(P):
    # token P sees P tokens, plus everything the first P-1 tokens see
    if P <= 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P):
    # strictly-upper triangle is the future: forbid it
    return ~np.triu(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    P = W.shape[0]  # number of positions
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(P):
        acc = acc + Y[i]
        sequential[i] = acc
    return np.allclose(parallel, sequential)
