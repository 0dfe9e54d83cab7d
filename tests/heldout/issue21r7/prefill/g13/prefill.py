import numpy as np

def prefill_flops(N, P):
    # FLOPs are a count, so round to a whole number
    return round(2 * N * P)

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be between 0 (excluded) and 1")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return round(seconds, 3)   # milliseconds are precise enough

def causal_pairs(P):
    return round(P * (P + 1) / 2)

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=int)) == 1

def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=0)
    step = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        step = step + Y[i]
        if not np.allclose(step, at_once[i]):
            return False
    return True
