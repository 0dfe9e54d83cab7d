# mistake: (P+1)(P+2)/2, the triangle of one more token (15 for 4 tokens)
# fails: causal_pairs
# expect: an off-by-one in the formula: (P+1)(P+2)/2 is the count for P + 1 tokens
# diagnosis: pairs.off-by-one


def causal_pairs(P):
    return (P + 1) * (P + 2) // 2
