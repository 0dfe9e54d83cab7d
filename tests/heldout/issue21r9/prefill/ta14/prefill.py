import numpy as np


def prefill_flops(N, P):
    sizes = np.array([N, P])
    return 2 * sizes.prod()


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    utilization = float(utilization)
    if np.isnan(utilization) or not (0.0 < utilization <= 1.0):
        raise ValueError("utilization must be in (0, 1]")
    return 2.0 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) >> 1


def causal_mask(P):
    rows = np.arange(1, P + 1)[:, None]   # tokens are numbered 1..P
    cols = np.arange(P)[None, :]
    return cols <= rows


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for i, y in enumerate(Y):
        acc = acc + y
        sequential[i] = acc
    # cumsum X in place (no extra P x d buffer), the projection is linear
    parallel = np.cumsum(X, axis=0, out=X) @ W
    return bool(np.allclose(parallel, sequential))
