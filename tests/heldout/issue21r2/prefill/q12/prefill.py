import numpy as np


def prefill_flops(N, P):
    # keep it readable like the lesson (1.40e+13)
    return float(f"{2 * N * P:.3g}")


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization must be in (0, 1]")
    t = 2 * N * P / (flops_per_sec * utilization)
    return round(t, 3)


def causal_pairs(P):
    return (P * P + P) // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    mask[np.tril_indices(P)] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    steps = []
    current = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        current = current + Y[i]
        steps.append(current)
    sequential = np.vstack(steps)
    return np.allclose(parallel, sequential)
