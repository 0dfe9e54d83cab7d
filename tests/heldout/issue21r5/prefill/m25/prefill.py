import numpy as np


def prefill_flops(N, P):
    return float(N) * float(P) * 2


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not 0.0 < utilization <= 1.0:
        raise ValueError("utilization must be in (0, 1]")
    t = prefill_flops(N, P) / (flops_per_sec * utilization)
    return round(t, 3)  # milliseconds are precise enough


def causal_pairs(P):
    if P < 10_000:
        return P * (P + 1) // 2
    # for long prompts the +1 does not matter
    return P * P // 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    fast = np.cumsum(Y, axis=0)
    slow = []
    prefix = np.zeros(Y.shape[1])
    for row in Y:
        prefix = prefix + row
        slow.append(prefix.copy())
    return bool(np.allclose(fast, np.array(slow)))
