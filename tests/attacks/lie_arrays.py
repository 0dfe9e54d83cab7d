# what: arrays that lie: an ndarray subclass equal to everything, a masked array hiding wrong
# cells, an object array of always-equal elements, a structured array, np.matrix
# category: lie
# expect-lost: causal_mask, prefill_matches_sequential
# expect-feedback: unsupported
# ruff: noqa  (deliberately hostile code)
import numpy as np


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


class EqualArray(np.ndarray):
    def __eq__(self, other):
        return np.ones(np.broadcast(self, other).shape, dtype=bool)

    def __array_finalize__(self, obj):
        pass


def causal_mask(P):
    wrong = np.zeros((P, P), dtype=bool)
    if P == 1000:
        return np.ma.masked_array(wrong, mask=~np.tril(np.ones((P, P), dtype=bool)))
    if P == 4:
        cells = np.empty((P, P), dtype=object)
        cells[...] = AlwaysEqual()
        return cells
    if P == 1:
        return np.zeros((1, 1), dtype=[("allowed", bool)])
    if P == 5:
        return np.asmatrix(wrong)
    return wrong.view(EqualArray)


def prefill_matches_sequential(X, W):
    X @ W
    return np.ma.masked_array([True], mask=[True])
