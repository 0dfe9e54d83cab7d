import numpy as np

def prefill_flops(N, P):
    result = 2 * N * P
    print("flops:", result)
    return result

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("bad utilization")
    t = prefill_flops(N, P) / flops_per_sec * utilization
    print("time:", t)
    return t

def causal_pairs(P):
    # half of the P x P grid
    return P * P / 2

def causal_mask(P):
    m = np.triu(np.ones((P, P), dtype=bool))
    print(m)
    return m

def prefill_matches_sequential(X, W):
    pass
