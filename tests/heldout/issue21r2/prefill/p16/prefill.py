import numpy as np


def prefill_flops(N, P):
    # +1 for the beginning-of-sequence token that is always prepended
    return 2 * N * (P + 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    assert 0 < utilization <= 1, "utilization must be in (0, 1]"
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # token P sees P tokens, plus all the pairs of the first P-1 tokens
    if P == 0:
        return 0
    return P + causal_pairs(P - 1)


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    H = X @ W
    parallel = np.cumsum(H, axis=0)
    sequential = np.empty_like(H)
    total = np.zeros(H.shape[1], dtype=H.dtype)
    for i in range(H.shape[0]):
        total += H[i]
        sequential[i] = total
    return np.allclose(parallel, sequential)
