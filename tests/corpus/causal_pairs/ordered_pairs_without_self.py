# mistake: P(P-1), every ordered pair of two different tokens (12 for 4 tokens)
# fails: causal_pairs
# expect: P(P-1) counts every pair of distinct tokens in both orders: the lesson counts each token with itself and the earlier ones, P(P+1)/2
# diagnosis: pairs.distinct-ordered


def causal_pairs(P):
    return P * (P - 1)
