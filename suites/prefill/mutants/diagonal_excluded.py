# mistake: excluded the diagonal (k=-1)
# fails: causal_mask
# diagnosis: mask.diagonal-missing


def causal_mask(P):
    return np.tril(np.ones((P, P), dtype=bool), k=-1)
