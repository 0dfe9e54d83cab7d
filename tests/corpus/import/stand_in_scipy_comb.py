# mistake: counts the pairs with scipy's comb (C(P + 1, 2) is right), but the grader has no scipy
# fails: causal_pairs
# diagnosis: import.module-unavailable
# hint: causal_pairs uses scipy
# stood-in: scipy
# base: none
from scipy.special import comb
import numpy as np


def prefill_flops(N, P):
    return 2 * N * P


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (flops_per_sec * utilization)


def causal_pairs(P):
    return int(comb(P + 1, 2, exact=True))


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return bool(np.allclose(np.cumsum(Y, axis=0), sequential))
