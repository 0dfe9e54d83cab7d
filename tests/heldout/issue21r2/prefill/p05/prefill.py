import math
import numpy as np

def prefill_flops(N, P):
    # one multiply + one add per parameter, for every prompt token
    return 2 * N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization):
        raise ValueError("utilization is NaN")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be between 0 (excluded) and 1")
    effective_rate = flops_per_sec * utilization
    return prefill_flops(N, P) / effective_rate

def causal_pairs(P):
    total = 0
    for i in range(1, P + 1):
        total += i      # token i sees tokens 1..i
    return total

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            if col <= row:
                mask[row, col] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    # one position at a time
    running = Y[0]
    sequential = [running]
    for i in range(1, Y.shape[0]):
        running += Y[i]
        sequential.append(running)
    sequential = np.array(sequential)

    return np.allclose(parallel, sequential)
