import numpy as np

def prefill_flops(N, P):
    # one FLOP per parameter per token
    return N * P

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0,1]")
    work = 2 * N * P
    return work / (flops_per_sec * utilization)

def causal_pairs(P):
    # half of the P x P grid
    return P * P / 2

def causal_mask(P):
    mask = np.array([], dtype=bool)
    for i in range(P):
        for j in range(P):
            mask = np.append(mask, j <= i)
    return mask.reshape(P, P)

def prefill_matches_sequential(X, W):
    pass
