# mistake: takes P(P+1)/2 and subtracts the P self-pairs ("a token is not a pair with itself")
# fails: causal_pairs
# expect: the diagonal is missing: the lesson counts each token with itself (earlier-or-same)
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    triangle = P * (P + 1) // 2
    self_pairs = P
    return triangle - self_pairs
