import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 0:
        return 0
    # pairs for P tokens = pairs for P-1 tokens + the P pairs of the last token
    return causal_pairs(P - 1) + P


def causal_mask(P):
    # lower triangle: a token looks back at the tokens before it
    return np.tril(np.ones((P, P), dtype=bool), k=-1)


def prefill_matches_sequential(X, W):
    XW = np.matmul(X, W)
    at_once = np.cumsum(XW, axis=0)
    one_by_one = np.zeros(XW.shape)
    for i in range(XW.shape[0]):
        if i == 0:
            one_by_one[i] = XW[i]
        else:
            one_by_one[i] = one_by_one[i - 1] + XW[i]
    return np.allclose(at_once, one_by_one)
