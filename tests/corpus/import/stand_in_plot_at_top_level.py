# mistake: shows the mask at the top level of the file, outside every function: the plot runs when the grader imports it
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.raises-at-top-level
# hint: runs when the grader imports the file, and it raised ModuleNotFoundError: No module named 'matplotlib' (the grader's Python does not have matplotlib)
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
