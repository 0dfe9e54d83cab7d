# mistake: row i gets True from column i onwards (mask[i, i:] = True)
# fails: causal_mask
# expect: the mask is the upper triangle (transposed): row i may use columns up to i, not from i on
# diagnosis: mask.transposed


def causal_mask(P):
    mask = np.zeros((P, P), dtype=bool)
    for i in range(P):
        mask[i, i:] = True
    return mask
