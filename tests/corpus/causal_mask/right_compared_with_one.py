# right: a float triangle compared with 1, which gives booleans


def causal_mask(P):
    return np.tril(np.ones((P, P))) == 1
