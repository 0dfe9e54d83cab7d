import numpy as np

def prefill_flops(N, P):
    # report in TFLOPs so the numbers stay readable
    return 2 * N * P / 1e12

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of (0, 1]")
    total = 2 * N * P
    return total // (flops_per_sec * utilization)

def causal_pairs(P):
    n = np.int32(P)
    return n * (n + 1) // 2

def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=np.bool_))

def prefill_matches_sequential(X, W):
    Y = np.matmul(X, W)
    par = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    run = np.zeros(Y.shape[1])
    for i in range(W.shape[0]):
        run = run + Y[i]
        seq[i] = run
    return np.allclose(par, seq)
