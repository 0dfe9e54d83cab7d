# mistake: remembers the formula as P(P-1)/2
# fails: causal_pairs
# expect: the diagonal is missing: P(P-1)/2 leaves out each token with itself
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    return P * (P - 1) // 2
