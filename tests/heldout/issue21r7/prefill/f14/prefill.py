import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    print("prefill flops:", flops)
    return flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    t = prefill_flops(N, P) / flops_per_sec * utilization
    print("prefill seconds:", t)
    return t


def causal_pairs(P):
    mask = np.tril(np.ones((P, P), dtype=bool))
    print(mask)
    return int(mask.sum())


def causal_mask(P):
    m = np.tril(np.ones((P, P), dtype=int))
    print(m)
    return m


def prefill_matches_sequential(X, W):
    Y = X @ W
    print("Y shape", Y.shape)
    parallel = np.cumsum(Y, axis=0)
    sequential = []
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        sequential.append(acc)
    sequential = np.array(sequential).reshape(Y.shape)
    print(parallel)
    print(sequential)
    return np.allclose(parallel, sequential)
