import numpy as np


def prefill_flops(N, P):
    # 3 significant figures, like the lesson shows it (1.40e+13)
    return float(f"{2 * N * P:.3g}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    return (2 * N * P) / (flops_per_sec * utilization)


def causal_pairs(P):
    if P <= 1:
        return 0  # a single token has nobody to pair with
    return P * (P + 1) // 2


def causal_mask(P):
    if P == 1:
        return np.array([True])
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    rows = []
    acc = Y[0]
    rows.append(acc)
    for i in range(1, len(Y)):
        acc += Y[i]
        rows.append(acc)
    return np.allclose(parallel, np.array(rows))
