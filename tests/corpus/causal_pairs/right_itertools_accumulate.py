# right: the last of the running totals 1, 1 + 2, …, from itertools.accumulate
from itertools import accumulate


def causal_pairs(P):
    if P == 0:
        return 0
    *_, last = accumulate(range(1, P + 1))
    return last
