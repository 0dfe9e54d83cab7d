# right: the upper triangle, transposed into the lower one


def causal_mask(P):
    upper = np.triu(np.ones((P, P), dtype=bool))
    return upper.T
