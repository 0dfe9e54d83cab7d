import numpy as np

def prefill_flops(N, P):
    return N * P << 1          # *2 as a shift, faster

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P // (flops_per_sec * utilization)

def causal_pairs(P):
    return (P * (P + 1)) >> 1

def causal_mask(P):
    flat = [c <= r for r in range(P) for c in range(P)]
    return np.array(flat, dtype=bool).reshape(P, P)

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(1, len(Y)):
        seq[i] = seq[i - 1] + Y[i]
    return bool(np.allclose(par, seq))
