import math
import numpy as np

# N is given in billions of parameters, like on the lesson's slider ("parameters (billions) 7")
BILLION = 1e9


def prefill_flops(N, P):
    n_params = N * BILLION
    return 2 * n_params * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 positions with repetition allowed = C(P+1, 2)
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    step = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        step[i] = Y[i] if i == 0 else step[i - 1] + Y[i]
    return bool(np.allclose(at_once, step))
