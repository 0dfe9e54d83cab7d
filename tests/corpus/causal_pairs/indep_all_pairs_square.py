# mistake: P² counts every pair, not only earlier-or-same ones
# fails: causal_pairs
# expect: counts all pairs, ignoring the causal rule
# diagnosis: pairs.all-pairs
def causal_pairs(P):
    return P ** 2
