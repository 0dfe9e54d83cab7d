# mistake: np.arange(P)[:, None] <= np.arange(P), the row index below the column index: the upper triangle
# fails: causal_mask
# expect: the mask is the upper triangle (transposed): the comparison is the wrong way round, column <= row is wanted
# diagnosis: mask.transposed


def causal_mask(P):
    i = np.arange(P)[:, None]   # rows
    j = np.arange(P)[None, :]   # cols
    return i <= j
