# mistake: np.fromfunction(lambda i, j: i <= j, ...), the comparison the wrong way round
# fails: causal_mask
# expect: the mask is the upper triangle (transposed): True where column <= row is wanted
# diagnosis: mask.transposed


def causal_mask(P):
    return np.fromfunction(lambda i, j: i <= j, (P, P))
