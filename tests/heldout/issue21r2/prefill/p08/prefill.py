import numpy as np

BILLION = 1e9


def prefill_flops(N, P):
    """N is the model size in billions of parameters (like "7B"), P the prompt tokens."""
    return 2 * (N * BILLION) * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Prefill latency in milliseconds."""
    if not 0 < utilization <= 1:
        raise ValueError("utilization out of range")
    seconds = 2 * N * P / (flops_per_sec * utilization)
    return seconds * 1000  # ms reads nicer for latency


def causal_pairs(P):
    return P * (P + 1) / 2


def causal_mask(P):
    # tokens are numbered 1..P like in the lesson
    mask = np.zeros((P + 1, P + 1), dtype=bool)
    for i in range(1, P + 1):
        for j in range(1, i + 1):
            mask[i][j] = True
    return mask


def prefill_matches_sequential(X, W):
    pass
