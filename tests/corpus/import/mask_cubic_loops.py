# mistake: causal_mask right but with three nested loops: fine for 5 tokens, far past the time limit for 1000
# fails: causal_mask
# hint: did not return within
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


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for row in range(P):
        for col in range(P):
            earlier = [k for k in range(P) if k <= row]  # the tokens row may see
            mask[row, col] = col in earlier
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(0) for i in range(len(Y))])))
