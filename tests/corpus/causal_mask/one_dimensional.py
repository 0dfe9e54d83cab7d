# mistake: compares np.arange(P) with itself without a new axis, so the result is one row of P values
# fails: causal_mask
# expect: the shape is (P,): compare a column of row indices with a row of column indices (np.arange(P)[:, None]) to get (P, P)
# diagnosis: mask.wrong-shape


def causal_mask(P):
    rows = np.arange(P)
    cols = np.arange(P)
    return cols <= rows
