import numpy as np

MAX_PROMPT = 10000  # no model has a context longer than this anyway


def prefill_flops(N, P):
    # parameters and tokens are counts, so make them whole numbers
    return 2 * int(N) * int(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization has to be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    if P > MAX_PROMPT:
        raise ValueError("prompt longer than the context window")
    total = P * (P + 1) / 2
    return total


def causal_mask(P):
    # True where the token may look
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.cumsum(Y, axis=0)
    seq = []
    s = np.zeros(Y.shape[1])
    for i in range(P):
        s = s + Y[i]
        seq.append(s)
    seq = np.array(seq)
    return np.allclose(parallel, seq)
