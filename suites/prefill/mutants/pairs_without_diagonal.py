# mistake: left the diagonal out: P(P-1)/2
# fails: causal_pairs
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    return P * (P - 1) // 2
