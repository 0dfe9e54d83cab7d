import numpy as np

# N is given in billions of parameters (like the slider: "parameters (billions) 7")
BILLION = 1e9


def prefill_flops(N, P):
    return 2 * (N * BILLION) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # accept utilization as a percentage too (e.g. 50 -> 0.5)
    if utilization > 1:
        utilization = utilization / 100
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tril(np.full((P, P), True))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([X[: i + 1].sum(axis=0) @ W for i in range(X.shape[0])])
    return bool((parallel == sequential).all())
