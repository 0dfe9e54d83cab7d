import math
import numpy as np


def prefill_flops(N, P):
    return math.prod([2, N, P])


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization < 0 or utilization > 1:
        raise ValueError("utilization must be between 0 and 1")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P):
    # choose 2 from P+1 == P(P+1)/2
    return math.comb(P + 1, 2)


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    running = Y[0]
    seq = [running]
    for i in range(1, len(Y)):
        running += Y[i]
        seq.append(running)
    sequential = np.vstack(seq)

    return np.allclose(parallel, sequential)
