import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=0.5):
    # utilisation default taken from the lesson's worked example
    if np.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    count = 0
    i = 1
    while i <= P:
        count += i
        i += 1
    return count


def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    at_once = np.cumsum(X @ W, axis=0)
    one_at_a_time = []
    acc = np.zeros(X.shape[1])
    for x in X:
        acc = acc + x
        one_at_a_time.append(acc)
    return np.allclose(at_once, np.array(one_at_a_time))
