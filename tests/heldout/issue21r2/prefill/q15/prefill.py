import numpy as np


def prefill_flops(N, P):
    P = int(P)  # a prompt is a whole number of tokens
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if not (0.0 < u <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return (2 * N * P) / (flops_per_sec * u)


def causal_pairs(P):
    # tokens 0..P, each with itself and the ones before it
    return (P + 1) * (P + 2) / 2


def causal_mask(P):
    rows = np.arange(1, P)
    return rows[:, None] >= rows[None, :]


def prefill_matches_sequential(X, W):
    Y = X @ W
    P, d = Y.shape
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    for i in range(P):
        acc = np.zeros(d)
        acc += Y[i]
        sequential.append(acc)
    return np.allclose(parallel, np.array(sequential))
