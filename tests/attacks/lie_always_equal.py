# what: objects that claim to be anything: always-equal, truthy, convertible to the right-looking
# number, an array interface that returns the right mask
# category: lie
# expect-lost: causal_pairs, causal_mask, prefill_matches_sequential
# expect-feedback: unsupported
# ruff: noqa  (deliberately hostile code)
import numpy as np


class Anything:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __bool__(self):
        return True

    def __float__(self):
        return 10.0

    def __int__(self):
        return 10

    def __index__(self):
        return 10

    def __array__(self, dtype=None, copy=None):
        return np.tril(np.ones((5, 5), dtype=bool))

    def __repr__(self):
        return "True"


def causal_pairs(P):
    return Anything()


def causal_mask(P):
    return Anything()


def prefill_matches_sequential(X, W):
    X @ W
    return Anything()
