# right: the complement of the strict upper triangle (the future), inverted back with ~


def causal_mask(P):
    future = np.triu(np.ones((P, P), dtype=bool), k=1)
    return ~future
