import numpy as np

def prefill_flops(N, P):
    flops = 2 * N * P
    return flops

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # utilization has to be a fraction, and NaN fails both comparisons
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization should be in (0, 1]")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective

def causal_pairs(P):
    # 1 + 2 + ... + P
    return int(P * (P + 1) / 2)

def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        mask[row, :row + 1] = True
    return mask

def prefill_matches_sequential(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.cumsum(Y, axis=0)

    # one position at a time
    sequential = []
    running = None
    for i in range(P):
        if running is None:
            running = Y[i].copy()
        else:
            running = running + Y[i]
        sequential.append(running)
    if P == 0:
        return True
    sequential = np.array(sequential)

    for i in range(P):
        if not np.allclose(parallel[i], sequential[i]):
            return False
    return True
