# right: halves with a right shift, P * (P + 1) >> 1


def causal_pairs(P):
    return P * (P + 1) >> 1
