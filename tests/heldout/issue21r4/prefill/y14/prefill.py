import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass

def causal_pairs(P):
    pass

def causal_mask(P):
    m = np.tril(np.ones((P, P)))
    return m.astype(bool)

def prefill_matches_sequential(X, W):
    pass
