import numpy as np

def prefill_flops(N, P):
    total = 0
    for token in range(P):
        total += 2 * N      # one multiply + one add per parameter, for this token
    return total

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization != utilization:      # NaN is the only value not equal to itself
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return 2 * N * P / effective

def causal_pairs(P):
    total = 0
    for i in range(1, P + 1):
        total += i          # token i sees tokens 1..i
    return total

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(row + 1):
            mask[row, col] = True
    return mask

def prefill_matches_sequential(X, W):
    XW = X @ W
    parallel = np.cumsum(XW, axis=0)
    if len(XW) == 0:
        return True
    sequential = []
    running = XW[0]
    sequential.append(running)
    for i in range(1, len(XW)):
        running += XW[i]
        sequential.append(running)
    sequential = np.array(sequential)
    return np.allclose(parallel, sequential)
