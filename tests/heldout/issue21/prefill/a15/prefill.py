import numpy as np


def prefill_flops(N, P):
    return float(np.prod([2.0, N, P]))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.float64(utilization)
    if np.isnan(u) or u <= 0 or u > 1:
        raise ValueError(f"utilization {utilization} not in (0, 1]")
    return float(prefill_flops(N, P) / (flops_per_sec * u))


def causal_pairs(P):
    P = np.int32(P)
    return P * (P + 1) // 2


def causal_mask(P):
    # uint8 keeps the mask small in memory
    return np.tril(np.ones((P, P), dtype=np.uint8))


def prefill_matches_sequential(X, W):
    P = X.shape[0]
    Y = X @ W
    par = np.cumsum(Y, axis=0)
    # sequential: accumulate the prompt vectors in place, then project
    for i in range(1, P):
        X[i] += X[i - 1]
    seq = X @ W
    return bool(np.allclose(par, seq))
