# mistake: np.triu instead of np.tril: row i gets the columns j >= i, the later tokens
# fails: causal_mask
# expect: the mask is the upper triangle (transposed): row i may use columns j <= i, the earlier tokens
# diagnosis: mask.transposed


def causal_mask(P):
    return np.triu(np.ones((P, P), dtype=bool))
