import numpy as np

def prefill_flops(N, P):
    return np.prod([2, N, P])

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return float(2 * N * P) / (flops_per_sec * utilization)

def causal_pairs(P):
    return (P + 1) * P / 2

def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=1)

def prefill_matches_sequential(X, W):
    if X.shape[0] == 1:
        # only one position: nothing to accumulate
        return X @ W
    Y = X @ W
    a = np.cumsum(Y, axis=0)
    b = np.zeros_like(Y)
    b[0] = Y[0]
    for i in range(1, len(Y)):
        b[i] = b[i - 1] + Y[i]
    return np.allclose(a, b)
