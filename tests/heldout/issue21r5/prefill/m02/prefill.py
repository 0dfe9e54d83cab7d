import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization has to be between 0 and 1")
    flops = prefill_flops(N, P)
    effective = flops_per_sec * utilization
    seconds = flops / effective
    return seconds

def causal_pairs(P):
    # token 1 sees 1 token, token 2 sees 2 tokens, ... token P sees P tokens
    total = 0
    for i in range(1, P + 1):
        total = total + i
    return total

def causal_mask(P):
    mask = []
    for row in range(P):
        r = []
        for col in range(P):
            if col <= row:
                r.append(True)
            else:
                r.append(False)
        mask.append(r)
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    # all at once
    parallel = np.cumsum(Y, axis=0)
    # one at a time
    sequential = []
    running = np.zeros(Y.shape[1])
    for i in range(len(Y)):
        running += Y[i]
        sequential.append(running)
    sequential = np.array(sequential)
    print("parallel:", parallel)
    print("sequential:", sequential)
    return np.allclose(parallel, sequential)
