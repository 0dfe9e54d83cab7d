import numpy as np

# Prefill cost model.  (I write Java at work, sorry for the style.)

def prefill_flops(N, P):
    # 2 * N * P, shift left by one == multiply by two
    return (N * P) << 1


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    # NaN is the only value that is not equal to itself
    if utilization != utilization:
        raise ValueError("utilization is NaN")
    if utilization <= 0.0 or utilization > 1.0:
        raise ValueError("utilization out of range (0, 1]: " + str(utilization))
    double_flops = 2.0 * N * P
    double_rate = flops_per_sec * utilization
    return double_flops / double_rate


def causal_pairs(P):
    total = 0
    for i in range(1, P + 1):
        total += i          # token i sees tokens 1..i
    return total


def causal_mask(P):
    mask = np.zeros((P, P), dtype=np.bool_)
    for row in range(P):
        mask[row, 0:row + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)

    n = X.shape[1]
    sequential = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(0, n):
        acc = acc + Y[i]
        sequential[i] = acc

    return bool(np.allclose(parallel, sequential))
