# mistake: uses math.comb(P, 2), the pairs of two different tokens, forgetting each token with itself
# fails: causal_pairs
# expect: the diagonal is missing: comb(P, 2) counts pairs of distinct tokens; each token also attends to itself
# diagnosis: pairs.diagonal-missing
import math


def causal_pairs(P):
    return math.comb(P, 2)
