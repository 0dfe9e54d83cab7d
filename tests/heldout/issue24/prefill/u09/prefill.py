import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization < 0 or utilization > 1 or np.isnan(utilization):
        raise ValueError("utilization should be between 0 and 1")
    effective = flops_per_sec * utilization
    return prefill_flops(N, P) / effective


def causal_pairs(P):
    if P < 2:
        raise ValueError("need at least two tokens to form pairs")
    return P * (P + 1) // 2


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    for i in range(P):
        m[i, : i + 1] = True
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    sequential = []
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running += Y[i]
        sequential.append(running)
    sequential = np.array(sequential)

    print("parallel:", parallel)
    print("sequential:", sequential)
    return np.allclose(parallel, sequential)
