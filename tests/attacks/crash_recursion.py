# what: endless recursion: a RecursionError in causal_pairs, and a C stack overflow (the limit
# raised to 10**8, recursing through C calls) that segfaults causal_mask
# category: crash
# expect-lost: causal_pairs, causal_mask
# expect-feedback: causal_pairs: RecursionError
# expect-feedback: causal_mask: segmentation fault
# ruff: noqa  (deliberately hostile code)
import sys


def causal_pairs(P):
    return causal_pairs(P + 1)


def _deeper(n):
    return list(map(_deeper, [n + 1]))


def causal_mask(P):
    sys.setrecursionlimit(10**8)
    return _deeper(0)
