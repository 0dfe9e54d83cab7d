import numpy as np


def prefill_flops(N, P):
    return np.float64(2) * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    u = np.asarray(utilization, dtype=np.float64)
    if np.isnan(u) or u < 0 or u > 1:
        raise ValueError("utilization must be between 0 and 1")
    return float(np.divide(prefill_flops(N, P), np.multiply(flops_per_sec, u)))


def causal_pairs(P):
    return float(P) * (P + 1) / 2


MAX_DENSE = 512


def causal_mask(P):
    if P > MAX_DENSE:
        # a dense P x P mask is wasteful for long prompts
        raise ValueError(f"prompt too long for a dense mask ({P} > {MAX_DENSE})")
    return np.tril(np.ones((P, P), dtype=np.bool_))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    state = np.zeros(Y.shape[1])
    for t in range(Y.shape[0]):
        sequential[t] = state      # what token t has seen so far
        state = state + Y[t]
    return np.allclose(parallel, sequential)
