# right: money-style arithmetic with decimal.Decimal (a count of 15 pairs is Decimal('15'))
# base: none
from decimal import Decimal

import numpy as np


def prefill_flops(N, P):
    return Decimal(2) * Decimal(N) * Decimal(P)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return prefill_flops(N, P) / (Decimal(flops_per_sec) * Decimal(utilization))


def causal_pairs(P):
    return Decimal(P) * Decimal(P + 1) / Decimal(2)


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool))


def prefill_matches_sequential(X, W):
    Y = X @ W
    return bool(np.allclose(np.cumsum(Y, axis=0), np.array([Y[: i + 1].sum(0) for i in range(len(Y))])))
