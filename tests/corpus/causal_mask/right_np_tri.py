# right: np.tri with dtype=bool, the lower triangle in one call


def causal_mask(P):
    return np.tri(P, dtype=bool)
