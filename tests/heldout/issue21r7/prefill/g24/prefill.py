import numpy as np

MAX_PROMPT = 100_000  # longest context we support


def prefill_flops(N, P):
    if N < 1000:
        raise ValueError("N is the number of parameters (e.g. 7e9), not billions")
    return 2.0 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    pass


def causal_pairs(P):
    if P < 0 or P > MAX_PROMPT:
        raise ValueError("prompt length out of range")
    return P * (P + 1) // 2


def causal_mask(P):
    m = np.zeros((P, P), dtype=bool)
    i, j = np.tril_indices(P)
    m[i, j] = True
    return m


def prefill_matches_sequential(X, W):
    # TODO
    pass
