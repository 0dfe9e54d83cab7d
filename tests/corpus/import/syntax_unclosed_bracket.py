# mistake: a bracket left open in prefill_seconds; prefill_seconds alone fails, with the line and a caret
# fails: prefill_seconds
# diagnosis: import.syntax-error
# hint: '(' was never closed
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    effective = flops_per_sec * utilization
    return (prefill_flops(N, P) / effective


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P):
    return np.tri(P, dtype=bool)


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.stack([Y[: i + 1].sum(axis=0) for i in range(len(Y))])
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
