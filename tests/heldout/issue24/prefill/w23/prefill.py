import numpy as np

# running total of all prefill work estimated so far (for a summary)
total_flops = 0


def prefill_flops(N, P):
    global total_flops
    total_flops += 2 * N * P
    return total_flops


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if np.isnan(utilization) or utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    return sum([P, P * P]) // 2


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        for j in range(P):
            # token i can see tokens 0..i
            mask[i][j] = j in [k for k in range(i + 1)]
    return mask


def prefill_matches_sequential(X, W):
    # scale W so the running sums stay small
    W /= np.abs(W).max()
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(len(Y)):
        sequential[i] = (sequential[i - 1] if i else 0) + Y[i]
    return bool(np.allclose(parallel, sequential))
