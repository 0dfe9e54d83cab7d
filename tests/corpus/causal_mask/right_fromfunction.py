# right: np.fromfunction with a lambda on the indices


def causal_mask(P):
    return np.fromfunction(lambda i, j: j <= i, (P, P), dtype=int)
