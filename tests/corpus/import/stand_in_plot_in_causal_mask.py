# mistake: draws the mask with matplotlib inside causal_mask (to look at it while working); the grader has no matplotlib
# fails: causal_mask
# diagnosis: import.module-unavailable
# hint: causal_mask uses matplotlib, which the grader's Python does not have
# stood-in: matplotlib
# note: prefill.py imports matplotlib, which the grader's Python does not have
# base: none
import matplotlib.pyplot as plt
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
    mask = np.tril(np.ones((P, P), dtype=bool))
    plt.imshow(mask, cmap="gray")
    plt.title(f"causal mask, P = {P}")
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
