# mistake: returns np.tril_indices(P), the coordinates of the lower triangle, instead of a mask
# fails: causal_mask
# expect: the function returns the indices of the allowed cells (a tuple of two arrays), not the (P, P) mask
# diagnosis: mask.returned-indices


def causal_mask(P):
    return np.tril_indices(P)
