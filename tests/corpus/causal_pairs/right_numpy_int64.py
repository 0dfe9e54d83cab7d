# right: np.arange(1, P + 1).sum(), which returns a numpy int64


def causal_pairs(P):
    return np.arange(1, P + 1).sum()
