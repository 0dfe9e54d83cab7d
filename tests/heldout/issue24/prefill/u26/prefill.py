import numpy as np

TERA = 1e12


def prefill_flops(N, P):
    """Prefill cost in TFLOPs (easier to read than 1.4e13)."""
    return 2 * N * P / TERA


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    total_flops = 2 * N * P
    return total_flops / (flops_per_sec * utilization)


def causal_pairs(P):
    # count the allowed cells of the mask
    return int(causal_mask(P).sum())


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    Y = X @ W
    vectorised = np.cumsum(Y, axis=0)
    looped = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        looped[i] = Y[i] if i == 0 else looped[i - 1] + Y[i]
    return np.allclose(vectorised, looped)
