# mistake: halves twice, once in the formula and once "because attention is causal" (5.0 for 4 tokens)
# fails: causal_pairs
# expect: P(P+1)/2 already is the causal half; halving it again counts only half the allowed pairs
# diagnosis: pairs.halved-twice


def causal_pairs(P):
    total = P * (P + 1) / 2
    return total / 2   # causal: only half
