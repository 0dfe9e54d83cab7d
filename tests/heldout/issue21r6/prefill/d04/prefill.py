import math
import numpy as np


def prefill_flops(N, P):
    # 2 FLOPs (multiply + add) per parameter per token
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P):
    # P(P+1)/2 = (P+1)! / (2 (P-1)!) = Gamma(P+2) / (2 Gamma(P))
    return round(math.gamma(P + 2) / (2 * math.gamma(P)))


def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    P = X.shape[0]
    for i in range(P):
        # position i sees positions 0..i
        step = X[: i + 1].sum(axis=0) @ W
        if not np.array_equal(step, parallel[i]):
            return False
    return True
