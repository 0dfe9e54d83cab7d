# right: sums a float triangle of ones, a float count (10.0)


def causal_pairs(P):
    return np.tril(np.ones((P, P))).sum()
