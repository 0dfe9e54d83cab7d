# right: math.comb(P + 1, 2), pairs with repetition counted as combinations
import math


def causal_pairs(P):
    return math.comb(P + 1, 2)
