# mistake: forgot the colon after def causal_mask(P); the other functions are still graded
# fails: causal_mask
# diagnosis: import.syntax-error
# hint: causal_mask does not compile: SyntaxError at line 23 of prefill.py: expected ':'.
# base: none
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return P * (P + 1) // 2


def causal_mask(P)
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, : i + 1] = True
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    seq = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        total += Y[i]
        seq[i] = total
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))
