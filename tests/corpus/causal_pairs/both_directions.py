# mistake: counts each pair "in both directions", 2 · P(P+1)/2 = P(P+1)
# fails: causal_pairs
# expect: P(P+1) counts the triangle twice: a pair (token, earlier-or-same token) is counted once
# diagnosis: pairs.not-halved


def causal_pairs(P):
    one_way = P * (P + 1) // 2
    return 2 * one_way  # i->j and j->i
