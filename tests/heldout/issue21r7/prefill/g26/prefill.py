import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return f"{flops:.2e}"

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / flops_per_sec * utilization

def causal_pairs(P):
    pass

def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P))

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    total = np.zeros(W.shape[0])
    for i in range(X.shape[0]):
        total = total + W @ X[i]
        if not np.allclose(total, parallel[i]):
            return False
    return True
