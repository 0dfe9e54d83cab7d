# right: sum(range(P + 1)), 0 + 1 + … + P


def causal_pairs(P):
    return sum(range(P + 1))
