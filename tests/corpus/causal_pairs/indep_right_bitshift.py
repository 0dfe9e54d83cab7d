# right: shift instead of division
def causal_pairs(P):
    return (P * (P + 1)) >> 1
