import numpy as np

prefill_flops = lambda N, P: 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization out of (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum(1 for i in range(P) for j in range(i + 1))


def causal_mask(P):
    return np.array([[j <= i for j in range(P)] for i in range(P)], dtype=bool).reshape(P, P)


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    one_at_a_time = np.array([Y[: i + 1].sum(axis=0) for i in range(len(Y))]).reshape(Y.shape)
    return bool(np.allclose(together, one_at_a_time))
