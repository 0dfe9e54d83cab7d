import numpy as np

def prefill_flops(N, P):
    N = int(N)
    P = int(P)
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization < 1):
        raise ValueError("bad utilization")
    return 2 * N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P * P + P) / 2

def causal_mask(P):
    mask = np.eye(P, dtype=bool)
    # token can see itself and the ones before it
    for i in range(P):
        mask[i, :i - 1] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        if i == 0:
            sequential[i] = Y[i]
        else:
            sequential[i] = sequential[i - 1] + Y[i]
    return (parallel == sequential).all
