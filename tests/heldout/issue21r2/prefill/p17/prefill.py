import numpy as np


def prefill_flops(N, P):
    """2*N*P for the weights, plus the attention scores (roughly 2*P^2)."""
    weight_flops = 2 * N * P
    attention_flops = 2 * P * P
    return weight_flops + attention_flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # lower triangle incl. diagonal
    return P * (P + 1) // 2


def causal_mask(P):
    future = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~future


def prefill_matches_sequential(X, W):
    # the running sum commutes with the matmul: cumsum(X) @ W == cumsum(X @ W)
    parallel = np.cumsum(X, axis=0) @ W
    sequential = np.zeros((X.shape[0], W.shape[1]))
    acc = np.zeros(W.shape[1])
    for i in range(X.shape[0]):
        acc = acc + X[i] @ W
        sequential[i] = acc
    return np.array_equal(parallel, sequential)
