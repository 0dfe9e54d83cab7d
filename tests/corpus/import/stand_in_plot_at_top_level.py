# right: shows the mask at the top level of the file, outside every function; the plot needs matplotlib, which the grader lacks: that line does nothing there and every function is graded (the file runs wherever matplotlib is installed)
# stood-in: matplotlib
# note: a line outside every function that needs it does nothing
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
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))


plt.imshow(causal_mask(5))
plt.show()
