# right: np.greater_equal.outer of the token positions


def causal_mask(P):
    positions = np.arange(P)
    return np.greater_equal.outer(positions, positions)
