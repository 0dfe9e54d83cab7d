# right: sum(range(1, P + 1))
def causal_pairs(P):
    return sum(range(1, P + 1))
