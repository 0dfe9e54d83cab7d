# mistake: "half of the square", P*P//2 (8 for 4 tokens)
# fails: causal_pairs
# expect: half the square leaves out half the diagonal: the triangle with its diagonal is P(P+1)/2
# diagnosis: pairs.half-grid


def causal_pairs(P):
    # causal = half of all pairs
    return P * P // 2
