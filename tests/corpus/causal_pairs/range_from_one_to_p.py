# mistake: a loop over range(1, P) adding i, one token short
# fails: causal_pairs
# expect: range(1, P) stops at P - 1: the sum must run to P (its value P(P-1)/2 is also the triangle without its diagonal, so the feedback can only name both)
# diagnosis: pairs.diagonal-missing


def causal_pairs(P):
    total = 0
    for i in range(1, P):
        total += i
    return total
