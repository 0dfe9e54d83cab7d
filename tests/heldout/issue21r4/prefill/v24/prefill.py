import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not utilization > 0 or utilization > 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    # the mask is a P x P square and we keep half of it
    return P ** 2 / 2

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    mask[np.tril_indices(P, -1)] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(X.shape[0])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        seq[i] = running
    return np.allclose(par, seq)
