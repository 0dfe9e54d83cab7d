import numpy as np


def prefill_flops(N, P):
    # N is the model size in billions of parameters (7 for a 7B model)
    return 2 * N * 1e9 * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0 < utilization <= 1:
        raise ValueError("bad utilization")
    # GPU specs are quoted in TFLOP/s
    return prefill_flops(N, P) / (flops_per_sec * 1e12 * utilization)


def causal_pairs(P):
    return int(P * (P + 1) / 2)


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    all_at_once = np.cumsum(Y, axis=0)
    running = np.zeros(Y.shape[1])
    one_by_one = []
    for row in Y:
        running += row
        one_by_one.append(running)
    return np.allclose(all_at_once, np.array(one_by_one))
