import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    print("flops:", flops)
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 <= utilization <= 1):
        raise ValueError("bad utilization")
    flops = prefill_flops(N, P)
    secs = flops / (flops_per_sec * utilization)
    print("seconds:", secs)
    return secs

def causal_pairs(P):
    count = 0
    for i in range(P):
        count = count + i
    return count

def causal_mask(P):
    mask = np.triu(np.ones((P, P), dtype=bool))
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y)
    slow = []
    s = 0
    for row in Y:
        s = s + row
        slow.append(s)
    slow = np.array(slow)
    print(fast.shape, slow.shape)
    return np.allclose(fast, slow)
