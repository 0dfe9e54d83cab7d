import math
import numpy as np

def prefill_flops(N, P):
    return 2 * N * (P - 1)   # the last prompt token is already the first decode step

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        # probably given as a percentage, e.g. 50 -> 0.5
        utilization = utilization / 100
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    return math.comb(P, 2)

def causal_mask(P):
    # include the current token
    return np.tril(np.ones((P, P), dtype=bool), k=1)

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(par)
    run = np.zeros(par.shape[1])
    for i, x in enumerate(X):
        run = run + W @ x   # contribution of token i
        seq[i] = run
    return bool(np.allclose(par, seq))
