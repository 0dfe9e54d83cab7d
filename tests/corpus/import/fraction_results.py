# right: exact arithmetic with fractions.Fraction; whole results cross as ints, the others as floats
# base: none
from fractions import Fraction

import numpy as np


def prefill_flops(N, P):
    return 2 * Fraction(N) * Fraction(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (Fraction(flops_per_sec) * Fraction(utilization))


def causal_pairs(P):
    return Fraction(P * (P + 1), 2)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(0) for i in range(len(Y))])))
