import numpy as np

def prefill_flops(N, P):
    # in TFLOPs so the numbers stay readable
    return 2 * N * P / 1e12

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization must be in (0, 1]")
    # each parameter touched once per token
    return N * P / (flops_per_sec * utilization)

def causal_pairs(P):
    pass

def causal_mask(P):
    return np.tril(np.ones((P, P))).astype(int)

def prefill_matches_sequential(X, W):
    Y = np.dot(X, W)
    cs = np.cumsum(Y, axis=0)
    loop = np.zeros(Y.shape)
    prev = np.zeros(Y.shape[1])
    for k in range(Y.shape[0]):
        prev = prev + Y[k, :]
        loop[k, :] = prev
    return np.allclose(cs, loop)
