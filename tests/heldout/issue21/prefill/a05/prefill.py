import numpy as np

# Units used in this file: N in billions of parameters (like the slider in the lesson),
# P in tokens, rates in FLOP/s.

def prefill_flops(N, P):
    params = N * 1e9          # billions -> parameters
    return 2 * params * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range (0, 1]")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return seconds * 1000     # milliseconds, easier to read for short prompts


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for t in range(len(Y)):
        if t == 0:
            sequential[t] = Y[t]
        else:
            sequential[t] = sequential[t - 1] + Y[t]
    return bool(np.allclose(parallel, sequential))
