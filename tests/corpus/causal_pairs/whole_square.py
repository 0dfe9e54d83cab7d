# mistake: every token with every token, P² (16 for 4 tokens)
# fails: causal_pairs
# expect: P² counts the whole square: causal attention keeps only the lower triangle
# diagnosis: pairs.all-pairs


def causal_pairs(P):
    return P ** 2
