import math
import numpy as np


def prefill_flops(N, P):
    return math.prod((2, N, P))


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not math.isfinite(utilization) or not 0 < utilization <= 1:
        raise ValueError("utilization must lie in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    # choose 2 from P+1 "fence posts" = number of pairs (i, j) with j <= i
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.array([[j <= i for j in range(P)] for i in range(P)], dtype=bool).reshape(P, P)


def prefill_matches_sequential(X, W):
    Y = X @ W
    batch = np.cumsum(Y, axis=0)
    rows = []
    acc = np.zeros(Y.shape[1])
    for y in Y:
        acc = acc + y
        rows.append(acc)
    step = np.array(rows).reshape(Y.shape)
    return all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
               for a, b in zip(batch.ravel(), step.ravel()))
