import math
import numpy as np


def prefill_flops(N, P):
    # parameters and tokens are counts
    N, P = int(N), int(P)
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if math.isnan(utilization) or utilization <= 0 or utilization > 1:
        print("warning: utilization must be in (0, 1], got", utilization)
        return None
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    if P == 1:
        return 0  # a single token has no earlier token to pair with
    return P * (P + 1) // 2


def causal_mask(P):
    upper = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~upper


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = Y.copy()
    for i in range(1, len(sequential)):
        sequential[i] = sequential[i - 1] + sequential[i]
    return bool(np.allclose(parallel, sequential))
