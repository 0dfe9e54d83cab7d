# right: guards its plotting import with try/except ImportError and plots only when matplotlib is there
# base: none
import numpy as np

try:
    import matplotlib.pyplot as plt
except ImportError:  # the grader has no matplotlib: no plots, nothing else changes
    plt = None


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
    if plt is not None:
        plt.imshow(mask)
    return mask


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
