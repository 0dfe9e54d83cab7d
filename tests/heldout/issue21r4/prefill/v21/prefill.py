import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = float(utilization)
    if not (0.0 < u <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * u)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    # sequential: position t sums its own and earlier prompt vectors, then applies W
    sequential = np.empty_like(Y)
    for t in range(X.shape[0]):
        sequential[t] = X[: t + 1].sum(axis=0) @ W
    # strict check: should be identical up to tiny rounding
    return np.allclose(parallel, sequential, rtol=0.0, atol=1e-12)
