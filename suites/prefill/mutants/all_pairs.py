# mistake: counted every pair, P², not only the lower triangle
# fails: causal_pairs
# diagnosis: pairs.all-pairs


def causal_pairs(P):
    return P * P
