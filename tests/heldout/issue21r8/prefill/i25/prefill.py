import numpy as np

def prefill_flops(N, P):
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization == float("nan"):
        raise ValueError("utilization is not a number")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return P * (P + 1) // 2

def causal_mask(P):
    pass

def prefill_matches_sequential(X, W):
    Y = W @ X          # apply the weights to the prompt vectors
    together = np.cumsum(Y, axis=0)
    step = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        step[i] = Y[i] if i == 0 else step[i - 1] + Y[i]
    return np.allclose(together, step)
