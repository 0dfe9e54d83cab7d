# what: exceptions that lie about themselves: a BaseException called ValueError, a __str__ that
# raises with a huge message, pytest's skip and unittest's SkipTest (a skipped check would
# weigh 0 and count as passed)
# category: exit
# expect-lost: prefill_seconds, causal_pairs, causal_mask, prefill_matches_sequential
# expect-feedback: prefill_seconds: ValueError
# expect-feedback: causal_pairs: Unprintable
# expect-feedback: prefill_matches_sequential: Skipped
# expect-feedback: causal_mask: SkipTest
# ruff: noqa  (deliberately hostile code)
import unittest

import numpy as np


class FakeValueError(BaseException):
    pass


FakeValueError.__name__ = FakeValueError.__qualname__ = "ValueError"


class Unprintable(ValueError):
    def __str__(self):
        raise RuntimeError("no message for you" * 100_000)


def prefill_seconds(N, P, flops_per_sec, utilization=1.0):
    """Right for valid input; for a bad utilization it raises something that only looks like ValueError."""
    if not (0 < utilization <= 1):
        raise FakeValueError(f"utilization must be in (0, 1], got {utilization}")
    return 2 * N * P / (flops_per_sec * utilization)


def causal_pairs(P):
    raise Unprintable("x" * 10_000_000)


def prefill_matches_sequential(X, W):
    import pytest

    pytest.skip("nothing to see here")


def causal_mask(P):
    raise unittest.SkipTest("skip me" if P else np.zeros(1))
