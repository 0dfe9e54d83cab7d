import numpy as np

# N is given in billions of parameters, like the slider in the lesson (7 = 7B)

def prefill_flops(N, P):
    return 2 * (N * 1e9) * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of range")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return seconds * 1000   # ms, easier to read

def causal_pairs(P):
    return int(P * (P + 1) / 2)

def causal_mask(P):
    return np.tril(np.full((P, P), True), k=1)

def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    stepwise = np.array([np.sum(Y[:k + 1], axis=0) for k in range(len(Y))]).reshape(Y.shape)
    return np.allclose(together, stepwise)
