# right: from numpy import * instead of import numpy as np
# base: none
from numpy import *

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) // 2

def causal_mask(P):
    return tril(ones((P, P), dtype=bool))

def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = zeros_like(Y)
    run = zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return bool(allclose(cumsum(Y, axis=0), seq))
