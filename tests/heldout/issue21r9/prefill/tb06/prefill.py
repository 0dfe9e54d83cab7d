import numpy as np

# Convention: model sizes are quoted in billions ("a 7B model"), so a small N
# means billions of parameters.
BILLION = 1e9


def prefill_flops(N, P):
    if N < 1e6:          # given as "7" for 7B
        N = N * BILLION
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (utilization > 0 and utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    t = 2 * N * P / (flops_per_sec * utilization)
    return round(t, 3)   # millisecond resolution is plenty


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    # sequential: sum the prompt vectors seen so far, then apply W
    seq = np.array([X[: t + 1].sum(axis=0) @ W for t in range(X.shape[0])])
    return bool((parallel == seq).all())
