# mistake: writes P(P+1) and forgets to halve it (20 for 4 tokens)
# fails: causal_pairs
# expect: P(P+1) counts the triangle twice: the lesson's count is P(P+1)/2
# diagnosis: pairs.not-halved


def causal_pairs(P):
    return P * (P + 1)
