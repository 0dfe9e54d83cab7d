# what: replies too big or too deep for the channel: a 289 MB mask (for the first check, P = 1;
# the rest get a wrong small one), a list that contains itself
# category: memory
# expect-lost: causal_mask, causal_pairs
# expect-feedback: causal_mask: far more than any answer of this lesson
# expect-feedback: causal_pairs: unsupported
# ruff: noqa  (deliberately hostile code)
import numpy as np


def causal_mask(P):
    if P == 1:
        return np.zeros((17_000, 17_000), dtype=bool)
    return np.zeros((P, P), dtype=bool)


def causal_pairs(P):
    loop = []
    loop.append(loop)
    return loop
