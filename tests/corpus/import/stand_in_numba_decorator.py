# mistake: speeds up causal_mask with numba's @njit; the decorator runs when the grader imports the file, which has no numba
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.module-unavailable
# hint: uses numba when the grader imports the file (a decorator, a default value or an annotation runs then)
# base: none
import numpy as np
from numba import njit


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


@njit
def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
