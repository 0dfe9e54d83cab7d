import math

import numpy as np

MAX_CONTEXT = 512  # like BERT / small GPT models


def prefill_flops(N, P):
    # allow N in billions too: nobody has a model with < 1 million parameters
    if N < 1e6:
        N = N * 1e9
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return math.comb(P + 1, 2) if isinstance(P, int) else P * (P + 1) / 2


def causal_mask(P):
    if P > MAX_CONTEXT:
        raise ValueError(f"prompt longer than the context window ({MAX_CONTEXT})")
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[i] + (sequential[i - 1] if i else 0.0)
    return bool(np.allclose(parallel, sequential))
