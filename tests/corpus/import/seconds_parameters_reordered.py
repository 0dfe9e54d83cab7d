# mistake: prefill_seconds written as (N, P, utilization, flops_per_sec), the order the student remembered from a slide: the lesson's calls put the rate in utilization
# fails: prefill_seconds
# diagnosis: import.parameters-reordered
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, utilization, flops_per_sec=1e14):
    if not 0 < utilization <= 1:
        raise ValueError(f"utilization must be in (0, 1], got {utilization}")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    running = np.zeros(Y.shape[1])
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
