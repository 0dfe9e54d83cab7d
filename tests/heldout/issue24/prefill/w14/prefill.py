import numpy as np


def prefill_flops(N, P):
    # +1 for the BOS token the tokenizer adds in front of the prompt
    return 2 * N * (P + 1)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    # tokens are numbered 1..P, pairs (i, j) with j <= i
    return (P + 1) * (P + 2) // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 2] = True
    return mask


def prefill_matches_sequential(X, W):
    d, P = X.shape
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(P):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
