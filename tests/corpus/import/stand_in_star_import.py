# mistake: `from pylab import *` out of an old tutorial: no stand-in can take the place of names nobody knows
# fails: prefill_flops, prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# diagnosis: import.module-unavailable
# hint: a `*` import cannot be given a stand-in
# base: none
import numpy as np
from pylab import *


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
