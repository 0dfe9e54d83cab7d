import numpy as np

# (used to Julia -- tokens are 1..P in my head)


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization ∉ (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(range(P + 1))   # 0 + 1 + ... + P


def causal_mask(P):
    # token i (1-based) may look at tokens 1..i  -> tril
    # Julia's tril(A, k) keeps k as the offset of the first *kept* diagonal above the main one
    return np.tril(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    Y = X @ W
    P = Y.shape[0]
    fast = np.cumsum(Y, axis=0)
    slow = np.zeros_like(Y)
    for i in range(1, P):          # positions 1..P
        slow[i] = slow[i - 1] + Y[i]
    return np.allclose(fast, slow)
