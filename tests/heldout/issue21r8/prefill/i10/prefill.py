import numpy as np

total_flops = 0   # keep track of how much work we've done


def prefill_flops(N, P):
    global total_flops
    total_flops += 2 * N * P
    return total_flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization out of range")
    work = 2 * N * P
    return work / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(np.tril(np.ones((P, P))).sum())


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    for i in range(P):
        m[i, : i + 1] = True
    return m


def prefill_matches_sequential(X, W):
    # parallel version
    par = np.cumsum(X @ W, axis=0)
    # sequential version: running sum over the prompt, then project
    # (X @ W is linear so summing X first is the same thing)
    for i in range(1, X.shape[0]):
        X[i] += X[i - 1]
    seq = X @ W
    return np.allclose(par, seq)
