# right: math.comb(P + 1, 2)
import math
def causal_pairs(P):
    return math.comb(P + 1, 2)
