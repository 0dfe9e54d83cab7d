import numpy as np

def prefill_flops(N, P):
    return (N * P) << 1          # *2

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    flops = 2 * N * P
    return flops / flops_per_sec / utilization

def causal_pairs(P):
    return (P * (P + 1)) >> 1    # /2, exact for ints

def causal_mask(P):
    r = np.arange(P)
    return np.greater_equal.outer(r, r)

def prefill_matches_sequential(X, W):
    Y = (X @ W).squeeze()        # drop size-1 dims
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros_like(Y[0])
    for i in range(X.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
