import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of range")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 out of P+1 "fence posts" = P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P):
    return [[col <= row for col in range(P)] for row in range(P)]


def prefill_matches_sequential(X, W):
    P, d = X.shape
    batch = np.cumsum(X @ W, axis=0)
    acc = np.zeros(d)
    rows = []
    for i in range(P):
        acc = acc + W @ X[i]
        rows.append(acc.copy())
    return np.allclose(batch, np.array(rows))
