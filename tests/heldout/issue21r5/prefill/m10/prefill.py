import numpy as np


def prefill_flops(N, P):
    flops = 2 * N * P
    # keep 3 significant figures like in the lesson (1.40e+13)
    return float(f"{flops:.3g}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    P = np.int32(P)
    return int(P * (P + 1) // 2)


def causal_mask(P):
    r, c = np.indices((P, P))
    return c <= r


def prefill_matches_sequential(X, W):
    P, d = X.shape
    # parallel: every position at once
    parallel = np.cumsum(X @ W, axis=0)
    # sequential: one token at a time, like decode would do it
    seq = np.zeros((P, d))
    acc = np.zeros(d)
    for t in range(P):
        acc = acc + X[t] @ W
        seq[t] = acc
    return bool(np.all(np.abs(parallel - seq) < 1e-12))
