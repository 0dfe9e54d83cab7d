import numpy as np

def prefill_flops(N, P):
    # each token costs 2*N flops, add them up token by token
    total = 0
    for token in range(P):
        total = total + 2 * N
    return total

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 <= utilization <= 1):
        raise ValueError("utilization has to be between 0 and 1")
    flops = 2 * N * P
    speed = flops_per_sec * utilization
    seconds = flops / speed
    return seconds

def causal_pairs(P):
    # token P sees P tokens, plus all the pairs of the shorter prompt
    if P == 1:
        return 1
    return P + causal_pairs(P - 1)

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            if j < i:
                mask[i][j] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(1, len(Y)):
        total = total + Y[i]
        sequential[i] = total

    return np.allclose(parallel, sequential)
