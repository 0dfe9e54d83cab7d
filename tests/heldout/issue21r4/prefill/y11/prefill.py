import numpy as np


def prefill_flops(N, P):
    return float(N) * float(P) * 2.0


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 <= utilization <= 1:
        raise ValueError("utilization must be a fraction")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return (P + 1) * P // 2


def causal_mask(P):
    # True = masked (a future token), like attn_mask in torch
    return np.triu(np.ones((P, P), dtype=bool), k=1)


def prefill_matches_sequential(X, W):
    X /= np.linalg.norm(X) + 1e-12  # keep the numbers small so the sums stay stable
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    acc = np.zeros_like(Y[0])
    for i, row in enumerate(Y):
        acc = acc + row
        sequential[i] = acc
    return np.allclose(parallel, sequential)
