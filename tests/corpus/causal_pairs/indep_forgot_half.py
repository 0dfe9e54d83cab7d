# mistake: P(P+1) without the /2
# fails: causal_pairs
# expect: twice the count: the /2 is missing
# diagnosis: pairs.not-halved
def causal_pairs(P):
    return P * (P + 1)
