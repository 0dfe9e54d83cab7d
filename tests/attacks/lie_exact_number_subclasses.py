# what: exact numbers that lie: a Fraction subclass whose __eq__ is always True and a Decimal
# subclass whose __float__ gives the lesson's answer, both with wrong values (exact Fraction and
# Decimal cross as numbers, their subclasses never)
# category: lie
# expect-lost: prefill_flops, prefill_seconds, causal_pairs
# expect-feedback: unsupported
# ruff: noqa  (deliberately hostile code)
from decimal import Decimal
from fractions import Fraction


class LyingFraction(Fraction):
    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__

    def __float__(self):
        return 1.4e13


class LyingDecimal(Decimal):
    def __eq__(self, other):
        return True

    __hash__ = Decimal.__hash__

    def __float__(self):
        return 0.28


def prefill_flops(N, P):
    return LyingFraction(0)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    if not (0 < utilization <= 1):
        raise ValueError("utilization must be in (0, 1]")
    return LyingDecimal(0)


def causal_pairs(P):
    return LyingFraction(0)
