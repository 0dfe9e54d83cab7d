# mistake: math.comb(P, 2) counts pairs of distinct tokens only
# fails: causal_pairs
# expect: comb(P, 2) leaves out each token with itself
# diagnosis: pairs.diagonal-missing
import math
def causal_pairs(P):
    return math.comb(P, 2)
