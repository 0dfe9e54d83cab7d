import math
import numpy as np

def prefill_flops(N, P):
    pass

def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = float(utilization)
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / flops_per_sec / utilization

def causal_pairs(P):
    pass

def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)

def prefill_matches_sequential(X, W):
    XW = np.dot(X, W)
    cum = np.cumsum(XW, axis=0)
    ok = True
    total = np.zeros(XW.shape[1])
    for i in range(XW.shape[0]):
        total = total + XW[i]
        ok = ok and np.allclose(total, cum[i])
    return bool(ok)
