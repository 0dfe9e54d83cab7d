# mistake: built the upper triangle (transposed)
# fails: causal_mask
# diagnosis: mask.transposed


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))
