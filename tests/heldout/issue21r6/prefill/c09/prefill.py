import numpy as np

def prefill_flops(N, P):
    result = 2 * N * P
    print("flops:", result)
    return result

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization must be between 0 and 1")
    total = prefill_flops(N, P)
    speed = flops_per_sec * utilization
    print("speed:", speed)
    return total // speed

def causal_pairs(P):
    return P * P / 2

def causal_mask(P):
    mask = np.tril(np.ones((P, P)))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    XW = X @ W
    fast = np.cumsum(XW, axis=0)
    slow = np.zeros_like(XW)
    running = np.zeros(XW.shape[1])
    for i in range(1, XW.shape[0]):
        running = running + XW[i]
        slow[i] = running
    print(fast)
    print(slow)
    return np.allclose(fast, slow)
