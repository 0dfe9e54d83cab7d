# right: imports matplotlib to draw the mask in a helper of its own, which the grader never calls (it has no matplotlib)
# stood-in: matplotlib
# base: none
import numpy as np
import matplotlib.pyplot as plt

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
    seq = np.zeros_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        acc = acc + Y[i]
        seq[i] = acc
    return bool(np.allclose(np.cumsum(Y, axis=0), seq))

def show(P=5):
    plt.imshow(causal_mask(P))
    plt.show()
