import numpy as np

# running total of the FLOPs of the request
total_flops = 0


def prefill_flops(N, P):
    global total_flops
    total_flops += 2 * N * P
    return total_flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization > 1:
        utilization = utilization / 100   # someone passed a percentage like 50
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) * 0.5


def causal_mask(P):
    return [[col <= row for col in range(P)] for row in range(P)]


def prefill_matches_sequential(X, W):
    Y = X @ W
    at_once = np.cumsum(Y, axis=1)
    step = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        s = s + Y[i]
        step[i] = s
    return np.allclose(at_once, step)
