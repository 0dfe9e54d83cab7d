import numpy as np


def prefill_flops(N, P):
    # N parameters times P tokens
    return N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    # utilization = fraction of the GPU that is busy with something else
    return flops / (flops_per_sec * (1 - utilization))


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    return [[col <= row for col in range(P)] for row in range(P)]


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        one_by_one[i] = s
    return np.allclose(all_at_once, one_by_one)
