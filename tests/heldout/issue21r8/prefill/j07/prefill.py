import numpy as np

def prefill_flops(N, P):
    # every parameter is used once for every token of the prompt
    result = N * P
    print("flops:", result)
    return result

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range")
    flops = prefill_flops(N, P)
    secs = flops / (flops_per_sec * utilization)
    print("seconds:", secs)
    return secs

def causal_pairs(P):
    count = 0
    for i in range(1, P + 1):
        count += i   # token i sees i tokens
    return count

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, :i + 1] = True
    print(mask)
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y, axis=0)
    slow = np.zeros_like(Y)
    for i in range(1, len(Y)):
        slow[i] = slow[i - 1] + Y[i]
    print(fast)
    print(slow)
    return np.allclose(fast, slow)
