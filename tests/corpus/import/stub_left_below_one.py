# mistake: finished causal_pairs near the top, but the template's stub of it is still further down
# fails: causal_pairs
# diagnosis: import.defined-twice
# hint: your work at line 9, the stub at line 35
# base: none
import numpy as np


def causal_pairs(P):
    # token i sees tokens 1..i
    return sum(i for i in range(1, P + 1))


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_mask(P):
    rows = np.arange(P).reshape(-1, 1)
    cols = np.arange(P).reshape(1, -1)
    return cols <= rows


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(0) for i in range(len(Y))])))


def causal_pairs(P):
    pass
