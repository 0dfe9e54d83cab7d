# mistake: sums 1 + 2 + … with sum(range(P)), which stops at P - 1 (6 for 4 tokens)
# fails: causal_pairs
# expect: range(P) stops at P - 1 (token i attends to i tokens, 1…P, so the sum runs to P); its value P(P-1)/2 is also the triangle without its diagonal for every P, so the feedback can only name both
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    return sum(range(P))
