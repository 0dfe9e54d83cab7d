import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    secs = prefill_flops(N, P) / (flops_per_sec * utilization)
    return round(secs, 2)

def causal_pairs(P):
    return P * (P + 1) // 2

def causal_mask(P):
    return np.tri(P, dtype=int)

def prefill_matches_sequential(X, W):
    Y = X * W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros_like(Y[0])
    for i in range(len(Y)):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(parallel, seq))
