# what: numbers that lie: an int subclass, a float subclass and a numpy float64 subclass whose
# __eq__ is always True (and whose value is wrong)
# category: lie
# expect-lost: prefill_flops, prefill_seconds, causal_pairs
# expect-feedback: unsupported
# ruff: noqa  (deliberately hostile code)
import numpy as np


class LyingInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__

    def __ne__(self, other):
        return False


class LyingFloat(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__

    def __float__(self):
        return 0.28


class LyingFloat64(np.float64):
    def __eq__(self, other):
        return True

    __hash__ = np.float64.__hash__


def prefill_flops(N, P):
    return LyingFloat64(0.0)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    return LyingFloat(0.0)


def causal_pairs(P):
    return LyingInt(0)
