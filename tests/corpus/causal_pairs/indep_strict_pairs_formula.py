# mistake: P(P-1)/2: leaves each token's pair with itself out
# fails: causal_pairs
# expect: the diagonal (a token with itself) is left out
# diagnosis: pairs.diagonal-missing
def causal_pairs(P):
    return P * (P - 1) // 2
