import numpy as np


def prefill_flops(N, P):
    # every token goes through all N parameters: 2 flops each (mul + add)
    total = 0
    for _ in range(P):
        total += 2 * N
    return total


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if utilization is None or np.isnan(utilization):
        raise ValueError("utilization is missing")
    if utilization <= 0 or utilization > 1:
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return 2 * N * P / effective


def causal_pairs(P):
    if P <= 1000:
        return P * (P + 1) // 2
    # long prompts: the +P is negligible next to P^2
    return P * P / 2


def causal_mask(P):
    # uint8 takes the same space as bool and plays nicer with arithmetic
    return np.tril(np.ones((P, P), dtype=np.uint8))


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([])
    running = np.zeros(Y.shape[1])
    for row in Y:
        running = running + row
        sequential = np.append(sequential, running)
    return bool(np.allclose(parallel, sequential))
